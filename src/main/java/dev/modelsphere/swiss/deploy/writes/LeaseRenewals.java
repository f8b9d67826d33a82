package dev.modelsphere.swiss.deploy.writes;

import static dev.modelsphere.swiss.error.ErrorKind.UNAVAILABLE;

import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The thread that renews the leases a process holds while their writes run. One per process, owned
 * by the process's {@link DeployCore}, which closes it when the process stops.
 */
public final class LeaseRenewals implements AutoCloseable {
  /** The name of the renewing thread. */
  public static final String THREAD = "swiss-lease-renewal";

  // A daemon: a CLI that finished must not wait for a renewal timer to exit.
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named(THREAD));

  /**
   * Runs {@code renew} every {@code period}, the first time one period from now.
   *
   * @throws DeployException {@code UNAVAILABLE} once closed: the process is stopping
   */
  ScheduledFuture<?> every(Duration period, Runnable renew) {
    try {
      return executor.scheduleWithFixedDelay(
          renew, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      throw new DeployException(
          UNAVAILABLE, "this process is stopping and renews no more leases; nothing was changed");
    }
  }

  /** Stops renewing: the scheduled renewals are dropped, one under way finishes. */
  @Override
  public void close() {
    executor.shutdown();
  }
}
