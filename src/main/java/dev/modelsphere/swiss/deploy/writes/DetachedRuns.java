package dev.modelsphere.swiss.deploy.writes;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the cluster-changing half of a write on its own thread, detached from the request that asked
 * for it, and records it in the audit log when it is done: a closed browser or a dropped proxy
 * connection can neither strand a release in {@code applying} nor skip its row.
 *
 * <p>What is recorded: every attempt that reached the cluster, successful or failed ({@link
 * ErrorKind#FAILED}, a refusal by the cluster, or any other exception the write threw: helm's, the
 * cluster client's). A refusal before anything was written (a stale revision, a release in the
 * wrong state, a bad plan: a {@link DeployException} not {@link DeployException#recorded()}) is
 * answered and not recorded.
 */
public final class DetachedRuns implements AutoCloseable {
  /** Its threads are called {@code swiss-write-1}, {@code swiss-write-2}, ... */
  public static final String THREADS = "swiss-write";

  /**
   * Writes running at once in one process. A write outlives a request that stopped waiting for it
   * (a hung API server), so it can outnumber the write routes' 16 workers: four times that leaves
   * room for those while new writes still start, and keeps a storm of hung writes, each holding a
   * render and a helm action, from taking the heap.
   */
  static final int MOST_RUNNING = 64;

  private static final Logger LOG = LoggerFactory.getLogger(DetachedRuns.class);

  private final Optional<Store> store;
  private final Clock clock;
  private final ThreadPoolExecutor executor;

  public DetachedRuns(Optional<Store> store, Clock clock) {
    this(store, clock, MOST_RUNNING);
  }

  /**
   * @param most writes running at once; one more is refused rather than queued, since a queued
   *     write would start after its request gave up, unlocked, behind that request's retry
   */
  DetachedRuns(Optional<Store> store, Clock clock, int most) {
    this.store = store;
    this.clock = clock;
    this.executor = DaemonThreads.pool(THREADS, most, new SynchronousQueue<>());
  }

  /**
   * Who asked for what, on which release: the fixed half of the run's row.
   *
   * @param approvedBy who approved the write, on a site that requires approval; else empty
   */
  public record Attempt(
      String actor,
      String action,
      String namespace,
      String release,
      String planHash,
      String note,
      String approvedBy) {

    /** A write nobody had to approve. */
    public Attempt(
        String actor,
        String action,
        String namespace,
        String release,
        String planHash,
        String note) {
      this(actor, action, namespace, release, planHash, note, "");
    }
  }

  /**
   * What a finished write reports to the audit log.
   *
   * @param changed false when the write found nothing to do and made no change
   */
  public record Done<T>(T result, int revision, String output, boolean changed) {}

  /**
   * Runs {@code write} detached, waits for it, records it, and answers its result.
   *
   * @throws RuntimeException the write's own refusal or failure, as the write threw it
   */
  public <T> T run(Attempt attempt, Supplier<Done<T>> write) {
    CompletableFuture<T> detached;
    try {
      detached = CompletableFuture.supplyAsync(() -> recorded(attempt, write), executor);
    } catch (RejectedExecutionException full) {
      throw notStarted(attempt, full);
    }
    try {
      return detached.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeployException(
          ErrorKind.UNAVAILABLE,
          "interrupted while waiting for the %s of %s/%s; it goes on and is recorded"
              .formatted(attempt.action(), attempt.namespace(), attempt.release()));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  private DeployException notStarted(Attempt attempt, RejectedExecutionException cause) {
    String why =
        executor.isShutdown()
            ? "this process is stopping -- try again on another replica, or once it is back"
            : ("this process already runs as many writes as it runs at once (%d) -- try again"
                    + " when one has finished")
                .formatted(executor.getMaximumPoolSize());
    return new DeployException(
        ErrorKind.UNAVAILABLE,
        "the %s of %s/%s was not started: %s"
            .formatted(attempt.action(), attempt.namespace(), attempt.release(), why),
        cause);
  }

  private <T> T recorded(Attempt attempt, Supplier<Done<T>> write) {
    Instant started = clock.instant();
    Done<T> done;
    try {
      done = write.get();
    } catch (RuntimeException e) {
      if (reachedTheCluster(e)) {
        record(attempt, started, false, failure(e), failure(e), 0);
      }
      throw e;
    }
    record(attempt, started, done.changed(), "", done.output(), done.revision());
    return done.result();
  }

  /**
   * Only a {@link DeployException} can say it was a refusal before anything was written; any other
   * failure of a write that started (helm's, the cluster client's) may have changed the cluster, so
   * the audit log must show it.
   */
  private static boolean reachedTheCluster(RuntimeException e) {
    return !(e instanceof DeployException refusal) || refusal.recorded();
  }

  private static String failure(RuntimeException e) {
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  private void record(
      Attempt attempt, Instant started, boolean changed, String error, String output, int rev) {
    if (store.isEmpty()) {
      return;
    }
    Run run =
        new Run(
            0,
            attempt.namespace(),
            attempt.release(),
            attempt.action(),
            attempt.planHash(),
            attempt.actor(),
            changed,
            error,
            output,
            attempt.note(),
            rev,
            started,
            clock.instant(),
            attempt.approvedBy());
    try {
      store.get().recordRun(run);
    } catch (StoreException e) {
      // The cluster changed either way; losing the row must not turn a done write into an error.
      LOG.error(
          "{} of {}/{} not recorded in the audit log: {}",
          attempt.action(),
          attempt.namespace(),
          attempt.release(),
          e.getMessage());
    }
  }

  /** Lets running writes finish; takes no new ones. */
  @Override
  public void close() {
    executor.shutdown();
  }

  /**
   * Waits up to {@code limit} for the writes still running after {@link #close()} to finish and be
   * recorded; true when they all did.
   */
  public boolean awaitTermination(Duration limit) throws InterruptedException {
    return executor.awaitTermination(limit.toMillis(), TimeUnit.MILLISECONDS);
  }
}
