package dev.modelsphere.swiss.deploy.writes;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads that never keep the process alive: a CLI that finished exits without waiting for them,
 * and a server's are stopped by whoever owns their pool. Each is named, so a thread dump (or a
 * test) tells whose it is.
 */
public final class DaemonThreads {
  private DaemonThreads() {}

  /** Every thread called {@code name}. */
  public static ThreadFactory named(String name) {
    return task -> daemon(task, name);
  }

  /** Threads called {@code prefix-1}, {@code prefix-2}, ... */
  public static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> daemon(task, prefix + "-" + count.incrementAndGet());
  }

  /**
   * A pool of at most {@code most} threads called {@code prefix-1}, {@code prefix-2}, ..., each
   * started when a task finds none idle and ended after a minute idle, so an idle process holds
   * none. A task that finds all {@code most} busy goes to {@code waiting}; when that is full (a
   * {@link java.util.concurrent.SynchronousQueue} always is) it is rejected.
   */
  public static ThreadPoolExecutor pool(String prefix, int most, BlockingQueue<Runnable> waiting) {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(most, most, 1, TimeUnit.MINUTES, waiting, numbered(prefix));
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  private static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }
}
