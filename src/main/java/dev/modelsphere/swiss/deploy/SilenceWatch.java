package dev.modelsphere.swiss.deploy;

import static dev.modelsphere.swiss.error.ErrorKind.FAILED;
import static dev.modelsphere.swiss.error.ErrorKind.UNAVAILABLE;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
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
final class SilenceWatch implements AutoCloseable {
  /** The name of the threads that run helm's writes and the probes beside them. */
  static final String THREAD = "swiss-helm-write";

  private static final Duration CHECK_EVERY = Duration.ofSeconds(1);

  private final KubernetesClient client;
  private final Duration limit;
  private final ExecutorService threads =
      Executors.newCachedThreadPool(DaemonThreads.named(THREAD));

  /**
   * @param limit how long the API server may stay silent before a write is given up
   */
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
    CompletableFuture<T> running;
    try {
      running = CompletableFuture.supplyAsync(write, threads);
    } catch (RejectedExecutionException e) {
      throw new DeployException(
          UNAVAILABLE, "%s not started: this process is stopping".formatted(what), e);
    }
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
        probe = probe();
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

  /** Asks the API server for its version; once closed, answers without asking. */
  private CompletableFuture<?> probe() {
    try {
      return CompletableFuture.supplyAsync(client::getKubernetesVersion, threads);
    } catch (RejectedExecutionException stopping) {
      // The process is stopping: the write still running is left to end, no longer watched.
      return CompletableFuture.completedFuture(null);
    }
  }

  /**
   * Takes no more writes; those running (a write given up on included) finish, and the idle threads
   * end.
   */
  @Override
  public void close() {
    threads.shutdown();
  }
}
