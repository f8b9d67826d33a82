package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The objects of one kind in swiss's scope, kept in memory by fabric8 informers: one informer per
 * configured namespace (a namespaced grant allows no cluster-wide watch), or one over the cluster.
 * Reads never reach the API server. When the connection is lost, fabric8 lists again and resumes
 * watching by itself; {@link #asOf()} says how current the copy is meanwhile.
 *
 * <p>A list the API server refuses (403: no grant; 404: the kind is not served) is not retried: the
 * cache settles empty with {@link #refusal()} saying why, so one missing grant neither keeps the
 * server unready nor fills the log. Any other failure (the API server is away) is retried.
 */
public final class KindCache<T extends HasMetadata> implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(KindCache.class);

  private final String kind;
  private final List<SharedIndexInformer<T>> informers = new ArrayList<>();

  /** Each informer's own signal: done once its first list is in and its watch runs. */
  private final List<CompletableFuture<Void>> firstLists = new ArrayList<>();

  /**
   * Done when the API server refuses a list. The refused informer's own future fails then too, but
   * the cache is settled at once, while the other scopes' futures may still be retrying.
   */
  private final CompletableFuture<Void> refused = new CompletableFuture<>();

  private final Clock clock;
  private volatile Instant heardAt;
  private volatile String refusal = "";
  private volatile boolean forbidden;

  private KindCache(String kind, Clock clock) {
    this.kind = kind;
    this.clock = clock;
  }

  /**
   * Starts one informer per scope and returns at once; {@link #settled()} tells when the first
   * lists are in.
   *
   * @param kind names the cache in messages and metrics, e.g. {@code plan configmaps}
   * @param scopes what to watch, one entry per namespace (or one for the cluster)
   * @param indexers extra indexes by name, for {@link #byIndex}
   */
  public static <T extends HasMetadata> KindCache<T> start(
      String kind,
      List<? extends Informable<T>> scopes,
      Map<String, Function<T, List<String>>> indexers,
      Clock clock) {
    KindCache<T> cache = new KindCache<>(kind, clock);
    for (Informable<T> scope : scopes) {
      SharedIndexInformer<T> informer = scope.withIndexers(indexers).runnableInformer(0);
      informer.addEventHandler(cache.new Heard());
      informer.exceptionHandler(cache::retryAfter);
      cache.informers.add(informer);
      cache.firstLists.add(informer.start().toCompletableFuture());
    }
    return cache;
  }

  public String kind() {
    return kind;
  }

  /** Every cached object, in no particular order. */
  public List<T> items() {
    List<T> all = new ArrayList<>();
    informers.forEach(informer -> all.addAll(informer.getStore().list()));
    return all;
  }

  /** The cached objects an index files under {@code key}. */
  public List<T> byIndex(String index, String key) {
    List<T> found = new ArrayList<>();
    informers.forEach(informer -> found.addAll(informer.getIndexer().byIndex(index, key)));
    return found;
  }

  /**
   * The cached object {@code namespace/name}; for a cluster-scoped kind pass an empty namespace.
   */
  public Optional<T> get(String namespace, String name) {
    String key = namespace.isEmpty() ? name : namespace + "/" + name;
    for (SharedIndexInformer<T> informer : informers) {
      T found = informer.getStore().getByKey(key);
      if (found != null) {
        return Optional.of(found);
      }
    }
    return Optional.empty();
  }

  /**
   * Tells {@code listener} of every change to a cached object from now on, after first telling it
   * of every object already held (as additions). A relist that brings an object back unchanged is
   * no change and is not told.
   */
  public void listen(Listener<T> listener) {
    informers.forEach(informer -> informer.addEventHandler(new Forward(listener)));
  }

  /** Hears the changes to a cache's objects, on the watch's own thread: it must return quickly. */
  @FunctionalInterface
  public interface Listener<T> {
    /**
     * @param before the object as it was; null when it was added
     * @param after the object as it is; null when it was deleted
     */
    void changed(T before, T after);
  }

  public int size() {
    return informers.stream().mapToInt(informer -> informer.getStore().list().size()).sum();
  }

  /** Every first list is in, or was refused: waiting longer would change nothing. */
  public boolean settled() {
    return !refusal.isEmpty() || informers.stream().allMatch(SharedIndexInformer::hasSynced);
  }

  /**
   * Waits until {@link #settled()}, at most {@code timeout}.
   *
   * @return whether it settled in time
   */
  public boolean awaitSettled(Duration timeout) {
    // fabric8's start futures, not a poll of hasSynced(); they run on real time, which a test's
    // clock (that may stand still) does not touch.
    CompletableFuture<Void> listed =
        CompletableFuture.allOf(firstLists.toArray(CompletableFuture[]::new));
    try {
      CompletableFuture.anyOf(listed, refused).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // Out of time, or an informer stopped (refused, closed): settled() tells which it was.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    return settled();
  }

  /** Why the API server would not let swiss list this kind; empty when it did. */
  public String refusal() {
    return refusal;
  }

  /** The refusal was RBAC's (403), not a kind the API server does not serve (404). */
  public boolean forbidden() {
    return forbidden;
  }

  /** Whether every informer's watch is connected now, so the copy trails only by its delay. */
  public boolean watching() {
    return informers.stream().allMatch(SharedIndexInformer::isWatching);
  }

  /**
   * The time the copy is known to match the API server: now while every informer is watching, else
   * the last list or event heard; empty before the first list.
   */
  public Optional<Instant> asOf() {
    if (!refusal.isEmpty() || !informers.stream().allMatch(SharedIndexInformer::hasSynced)) {
      return Optional.empty();
    }
    if (watching()) {
      heardAt = clock.instant();
    }
    return Optional.ofNullable(heardAt);
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::stop);
  }

  private boolean retryAfter(boolean started, Throwable failure) {
    int code = statusOf(failure);
    if (code == 403 || code == 404) {
      forbidden = code == 403;
      refusal = "list %s: %s".formatted(kind, describe(failure));
      LOG.warn("not watching {}: {}", kind, refusal);
      refused.complete(null);
      return false;
    }
    LOG.debug("watching {} failed, retrying: {}", kind, failure.toString());
    return true;
  }

  private static int statusOf(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof KubernetesClientException k && k.getCode() > 0) {
        return k.getCode();
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return 0;
  }

  private static String describe(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof KubernetesClientException k) {
        return KubeException.describe(k);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return failure.toString();
  }

  private final class Forward implements ResourceEventHandler<T> {
    private final Listener<T> listener;

    Forward(Listener<T> listener) {
      this.listener = listener;
    }

    @Override
    public void onAdd(T obj) {
      listener.changed(null, obj);
    }

    @Override
    public void onUpdate(T oldObj, T newObj) {
      if (!Objects.equals(versionOf(oldObj), versionOf(newObj))) {
        listener.changed(oldObj, newObj);
      }
    }

    @Override
    public void onDelete(T obj, boolean deletedFinalStateUnknown) {
      listener.changed(obj, null);
    }

    private String versionOf(T obj) {
      return obj.getMetadata().getResourceVersion();
    }
  }

  /** Every list and event proves the copy current at that moment. */
  private final class Heard implements ResourceEventHandler<T> {
    @Override
    public void onList(String resourceVersion, boolean isFullState) {
      heardAt = clock.instant();
    }

    @Override
    public void onNothing() {
      heardAt = clock.instant();
    }

    @Override
    public void onAdd(T obj) {
      heardAt = clock.instant();
    }

    @Override
    public void onUpdate(T oldObj, T newObj) {
      heardAt = clock.instant();
    }

    @Override
    public void onDelete(T obj, boolean deletedFinalStateUnknown) {
      heardAt = clock.instant();
    }
  }
}
