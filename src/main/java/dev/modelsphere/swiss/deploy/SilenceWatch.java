package dev.modelsphere.swiss.deploy;

import static dev.modelsphere.swiss.error.ErrorKind.FAILED;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Runs a helm write while checking, once a second, that the API server still answers. Helm's own
 * requests have no deadline, so an API server that stops answering (paused, partitioned) would hold
 * the write, and the release's record with it, for as long as it stays silent. A slow write to an
 * answering API server (a large chart, a slow registry) is left to finish: only silence ends the
 * wait.
 */
final class SilenceWatch {
  /** How long the API server may stay silent before a write is given up. */
  static final Duration DEFAULT_LIMIT = Duration.ofSeconds(10);

  private static final Duration CHECK_EVERY = Duration.ofSeconds(1);

  private static final ExecutorService THREADS =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "swiss-helm-write");
            thread.setDaemon(true);
            return thread;
          });

  private final KubernetesClient client;
  private final Duration limit;

  SilenceWatch(KubernetesClient client, Duration limit) {
    this.client = client;
    this.limit = limit;
  }

  /**
   * The write's result once it ends, if the API server kept answering meanwhile.
   *
   * @param whenLate told the outcome of a write given up on, whenever it ends
   * @throws DeployException {@code FAILED} naming {@code what} when the API server was silent for
   *     the limit; the write goes on in the background
   */
  <T> T run(String what, Supplier<T> write, BiConsumer<T, Throwable> whenLate) {
    CompletableFuture<T> running = CompletableFuture.supplyAsync(write, THREADS);
    long lastAnswer = System.nanoTime();
    CompletableFuture<?> probe = CompletableFuture.completedFuture(null);
    while (true) {
      try {
        return running.get(CHECK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException stillRunning) {
        // Checked below.
      } catch (ExecutionException e) {
        throw e.getCause() instanceof RuntimeException failure
            ? failure
            : new IllegalStateException(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        running.whenComplete(whenLate);
        throw new DeployException(FAILED, "interrupted while waiting for %s".formatted(what));
      }
      if (probe.isDone()) {
        if (!probe.isCompletedExceptionally()) {
          lastAnswer = System.nanoTime();
        }
        probe = CompletableFuture.supplyAsync(client::getKubernetesVersion, THREADS);
      }
      if (System.nanoTime() - lastAnswer > limit.toNanos()) {
        running.whenComplete(whenLate);
        throw new DeployException(
            FAILED,
            ("%s gave up: the API server has not answered for %s. The release stays where it was"
                    + " unless helm's write still lands once the API server answers again; the"
                    + " record beside it is settled then, and `swiss status` shows which")
                .formatted(what, limit));
      }
    }
  }
}
