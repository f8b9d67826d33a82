package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import dev.modelsphere.swiss.kube.ClusterCache;
import dev.modelsphere.swiss.kube.KindCache;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Informable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The LLMServices in scope, watched only while the API serves them and swiss may read them ({@link
 * LlmServiceAccess} decides). Without that there is no watch and no error: every view then behaves
 * as if the CRD were absent, as reference backends.md §1.4 asks.
 *
 * <p>While the watch runs, a read asks the API server nothing. Without one, a read has {@link
 * LlmServiceAccess} asked in the background (it calls discovery at most once per its TTL), and the
 * watch starts once the API becomes visible. In the background, because a read is a page of the
 * deployments view, which must answer from the copy even while the API server hangs.
 */
final class LlmServiceWatch implements AutoCloseable {
  /** How long a read waits for a newly started watch's first list. */
  private static final Duration FIRST_LIST = Duration.ofSeconds(10);

  private final KubernetesClient client;
  private final List<String> namespaces;
  private final LlmServiceAccess access;
  private final Clock clock;
  private KindCache<LlmService> cache;

  /** Told of every change, by whichever watch runs now or later. */
  private final List<KindCache.Listener<LlmService>> listeners = new ArrayList<>();

  /** The visibility check in flight, if any: at most one at a time. */
  private CompletableFuture<Void> checking;

  /**
   * How long after a check found LLMServices not visible the next read may check again. A check
   * wakes the checking thread, and on a cluster without the CRD every read used to start one: two
   * thread wake-ups on each plan. {@link LlmServiceAccess} keeps its answer longer than this
   * anyway.
   */
  static final Duration RECHECK = Duration.ofSeconds(1);

  private final ExecutorService checks;

  /**
   * No check is started before this: a refused watch is not started again for a TTL, so pages do
   * not churn watches, and a check that found nothing waits {@link #RECHECK}.
   */
  private Instant nextTry = Instant.MIN;

  LlmServiceWatch(
      KubernetesClient client, List<String> namespaces, LlmServiceAccess access, Clock clock) {
    this(
        client,
        namespaces,
        access,
        clock,
        Executors.newSingleThreadExecutor(DaemonThreads.named("swiss-llmservice-discovery")));
  }

  /**
   * @param checks runs the visibility checks, one at a time; closed with the watch
   */
  LlmServiceWatch(
      KubernetesClient client,
      List<String> namespaces,
      LlmServiceAccess access,
      Clock clock,
      ExecutorService checks) {
    this.client = client;
    this.namespaces = List.copyOf(namespaces);
    this.access = access;
    this.clock = clock;
    this.checks = checks;
  }

  /** The watched services, in no order; empty when LLMServices are not visible. */
  List<LlmService> services() {
    return current().map(KindCache::items).orElse(List.of());
  }

  /** The watched services of this name, in any namespace; none when they are not visible. */
  List<LlmService> servicesNamed(String name) {
    return current().map(cache -> cache.byIndex(ClusterCache.BY_NAME, name)).orElse(List.of());
  }

  /** Whether services are being watched: the API serves them and swiss may read them. */
  boolean watching() {
    return current().isPresent();
  }

  /** No check is in flight and the watch, if any, has its first list. */
  synchronized boolean settled() {
    return checking == null && (cache == null || cache.settled());
  }

  /**
   * Waits until {@link #settled()}, at most {@code timeout}.
   *
   * @return whether it settled in time
   */
  boolean awaitSettled(Duration timeout) {
    long end = System.nanoTime() + timeout.toNanos();
    CompletableFuture<Void> inFlight;
    synchronized (this) {
      inFlight = checking;
    }
    if (inFlight != null) {
      try {
        inFlight.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        return false;
      } catch (ExecutionException e) {
        // The check itself records what it found; a failed one leaves nothing watched.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    KindCache<LlmService> running = runningCache();
    Duration left = Duration.ofNanos(Math.max(0, end - System.nanoTime()));
    return running == null || running.awaitSettled(left);
  }

  /** Tells {@code listener} of every change to a watched service, in this watch and any later. */
  synchronized void listen(KindCache.Listener<LlmService> listener) {
    listeners.add(listener);
    if (cache != null) {
      cache.listen(listener);
    }
  }

  /**
   * A watch runs and its first list is not in yet: {@link #services()} would show fewer than there
   * are. False when nothing is watched, which means the LLMServices are not visible.
   */
  boolean loading() {
    KindCache<LlmService> running = runningCache();
    return running != null && !running.settled();
  }

  /** The service {@code namespace/name} is watched; asks nothing, starts nothing. */
  boolean holds(String namespace, String name) {
    KindCache<LlmService> running = runningCache();
    return running != null && running.get(namespace, name).isPresent();
  }

  int size() {
    KindCache<LlmService> running = runningCache();
    return running == null ? 0 : running.size();
  }

  @Override
  public synchronized void close() {
    checks.shutdownNow();
    if (cache != null) {
      cache.close();
      cache = null;
    }
  }

  private synchronized KindCache<LlmService> runningCache() {
    return cache;
  }

  private synchronized Optional<KindCache<LlmService>> current() {
    if (cache != null && !cache.refusal().isEmpty()) {
      dropRefused();
    }
    if (cache == null && checking == null && !clock.instant().isBefore(nextTry)) {
      checking = CompletableFuture.runAsync(this::checkAndWatch, checks);
    }
    return Optional.ofNullable(cache);
  }

  /** Asks whether LLMServices are visible and, when they are, starts watching them. */
  private void checkAndWatch() {
    KindCache<LlmService> started = null;
    try {
      if (access.current().visible()) {
        started = start();
        started.awaitSettled(FIRST_LIST);
      }
    } catch (RuntimeException e) {
      // Not visible, for now: the access cache decides when to ask again.
    }
    synchronized (this) {
      checking = null;
      cache = started;
      if (started == null) {
        nextTry = clock.instant().plus(RECHECK);
      }
      if (cache != null) {
        listeners.forEach(cache::listen);
      }
      if (cache != null && !cache.refusal().isEmpty()) {
        dropRefused();
      }
    }
  }

  /** A refused watch stops; a Forbidden one is noted so every other path skips LLMServices too. */
  private void dropRefused() {
    nextTry = clock.instant().plus(LlmServiceAccess.CRD_SERVED_TTL);
    if (cache.forbidden()) {
      access.noteForbidden();
    }
    cache.close();
    cache = null;
  }

  private KindCache<LlmService> start() {
    var services = client.resources(LlmService.class);
    List<Informable<LlmService>> scopes =
        namespaces.isEmpty()
            ? List.of(services.inAnyNamespace())
            : namespaces.stream()
                .map(ns -> (Informable<LlmService>) services.inNamespace(ns))
                .toList();
    return KindCache.start(
        "llmservices", scopes, Map.of(ClusterCache.BY_NAME, ClusterCache::nameKey), clock);
  }
}
