package dev.modelsphere.swiss.server.http;

import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import io.javalin.router.EndpointMetadata;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads one route group's work runs on, bounded in both threads and waiting requests: a flood
 * of slow requests to one group (renders, diffs) fills that group's pool and is answered 503 at
 * once, while the other groups keep their own threads. Without the bound every request got a thread
 * of its own, and a burst of renders took all the memory there was.
 */
public final class WorkerPool implements EndpointMetadata, AutoCloseable {
  /**
   * @param workers how many of the group's requests run at once
   * @param waiting how many more wait for a worker before the group answers 503
   */
  public record Size(int workers, int waiting) {
    /** Far above what people and scripts send to one server, well below what it can hold. */
    public static final Size DEFAULT = new Size(16, 64);

    public Size {
      if (workers < 1 || waiting < 0) {
        throw new IllegalArgumentException(
            "a pool needs a worker and cannot wait for fewer than none: %d, %d"
                .formatted(workers, waiting));
      }
    }
  }

  /** Seconds a client is told to wait before trying a full pool again. */
  static final int RETRY_AFTER_SECONDS = 5;

  private final String name;
  private final Size size;
  private final ThreadPoolExecutor executor;

  /**
   * @param name what the group serves, in thread names and in the answer of a full pool
   */
  public WorkerPool(String name, Size size) {
    this.name = name;
    this.size = size;
    this.executor =
        new ThreadPoolExecutor(
            size.workers(),
            size.workers(),
            1,
            TimeUnit.MINUTES,
            size.waiting() == 0
                ? new SynchronousQueue<>()
                : new ArrayBlockingQueue<>(size.waiting()),
            DaemonThreads.numbered("swiss-http-" + name));
    // An idle server holds no threads for groups nobody calls.
    executor.allowCoreThreadTimeOut(true);
  }

  /** Runs {@code work} on this pool; empty when every worker is busy and the queue is full. */
  Optional<Future<?>> offer(Runnable work) {
    try {
      return Optional.of(executor.submit(work));
    } catch (RejectedExecutionException full) {
      return Optional.empty();
    }
  }

  /** What a client is told when this pool is full. */
  String busyMessage() {
    return ("the server is busy: all %d workers for %s requests are taken and %d more are waiting"
            + " -- try again in %d seconds")
        .formatted(size.workers(), name, size.waiting(), RETRY_AFTER_SECONDS);
  }

  /** Interrupts what still runs (the server has stopped answering it) and ends the threads. */
  @Override
  public void close() {
    executor.shutdownNow();
  }
}
