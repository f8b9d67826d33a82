package dev.modelsphere.swiss.server.events;

import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.ObjLongConsumer;

/**
 * Folds a burst of the same key into one delivery: the first offer of a key starts its window, the
 * offers within it only raise the cluster revision it is delivered with, and the key is delivered
 * once when the window closes. A helm install touches a release's records and pods dozens of times
 * in a second; its clients refetch once or twice, not once per touch. Nothing is lost: an offer
 * after the delivery starts the next window.
 */
final class Coalescer<K> implements AutoCloseable {
  private final long windowMillis;
  private final ObjLongConsumer<K> deliver;

  /** The keys whose window is open, with the highest revision offered in it. */
  private final ConcurrentHashMap<K, Long> waiting = new ConcurrentHashMap<>();

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("swiss-events-coalesce"));

  Coalescer(Duration window, ObjLongConsumer<K> deliver) {
    this.windowMillis = window.toMillis();
    this.deliver = deliver;
  }

  void offer(K key, long revision) {
    boolean[] opens = {false};
    waiting.compute(
        key,
        (k, open) -> {
          opens[0] = open == null;
          return open == null ? revision : Math.max(open, revision);
        });
    if (!opens[0]) {
      return;
    }
    try {
      timer.schedule(() -> deliverNow(key), windowMillis, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // Closed: the server is stopping and nobody is listening any more.
      waiting.remove(key);
    }
  }

  private void deliverNow(K key) {
    // Removed first: an offer while delivering opens a new window instead of being swallowed.
    Long revision = waiting.remove(key);
    deliver.accept(key, revision == null ? 0 : revision);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
