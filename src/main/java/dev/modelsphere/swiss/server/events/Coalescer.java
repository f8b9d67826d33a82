package dev.modelsphere.swiss.server.events;

import dev.modelsphere.swiss.deploy.DaemonThreads;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Folds a burst of the same key into one delivery: the first offer of a key starts its window, the
 * offers within it change nothing, and the key is delivered once when the window closes. A helm
 * install touches a release's records and pods dozens of times in a second; its clients refetch
 * once or twice, not once per touch. Nothing is lost: an offer after the delivery starts the next
 * window.
 */
final class Coalescer<K> implements AutoCloseable {
  private final long windowMillis;
  private final Consumer<K> deliver;
  private final Set<K> waiting = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("swiss-events-coalesce"));

  Coalescer(Duration window, Consumer<K> deliver) {
    this.windowMillis = window.toMillis();
    this.deliver = deliver;
  }

  void offer(K key) {
    if (!waiting.add(key)) {
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
    waiting.remove(key);
    deliver.accept(key);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
