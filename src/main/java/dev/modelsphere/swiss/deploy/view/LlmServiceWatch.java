package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.kube.KindCache;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Informable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The LLMServices in scope, watched only while the API serves them and swiss may read them ({@link
 * LlmServiceAccess} decides). Without that there is no watch and no error: every view then behaves
 * as if the CRD were absent, as reference backends.md §1.4 asks.
 *
 * <p>While the watch runs, a read asks the API server nothing. Without one, a read asks {@link
 * LlmServiceAccess}, which calls discovery at most once per its TTL, and starts watching once the
 * API becomes visible.
 */
final class LlmServiceWatch implements AutoCloseable {
  /** How long a read waits for a newly started watch's first list. */
  private static final Duration FIRST_LIST = Duration.ofSeconds(10);

  private final KubernetesClient client;
  private final List<String> namespaces;
  private final LlmServiceAccess access;
  private final Clock clock;
  private KindCache<LlmService> cache;

  /** A refused watch is not started again before this, so pages do not churn watches. */
  private Instant nextTry = Instant.MIN;

  LlmServiceWatch(
      KubernetesClient client, List<String> namespaces, LlmServiceAccess access, Clock clock) {
    this.client = client;
    this.namespaces = List.copyOf(namespaces);
    this.access = access;
    this.clock = clock;
  }

  /** The watched services, in no order; empty when LLMServices are not visible. */
  List<LlmService> services() {
    return current().map(KindCache::items).orElse(List.of());
  }

  /** Whether services are being watched: the API serves them and swiss may read them. */
  boolean watching() {
    return current().isPresent();
  }

  boolean settled() {
    KindCache<LlmService> running = runningCache();
    return running == null || running.settled();
  }

  int size() {
    KindCache<LlmService> running = runningCache();
    return running == null ? 0 : running.size();
  }

  @Override
  public synchronized void close() {
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
    if (cache == null && !clock.instant().isBefore(nextTry) && access.current().visible()) {
      cache = start();
      cache.awaitSettled(FIRST_LIST);
      if (!cache.refusal().isEmpty()) {
        dropRefused();
      }
    }
    return Optional.ofNullable(cache);
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
    return KindCache.start("llmservices", scopes, Map.of(), clock);
  }
}
