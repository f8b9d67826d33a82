package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.deploy.DaemonThreads;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfig;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the server's background work (settling interrupted applies) on one replica at a time: the
 * one that holds the Lease {@value #LEASE_NAME} in the server's namespace, elected through the
 * client's leader election. Every replica serves requests; only the leader does the work, so two
 * replicas never settle the same apply twice. When the leader dies, its Lease lapses and another
 * replica takes it over within the lease's duration.
 */
public final class BackgroundLeader implements AutoCloseable {
  public static final String LEASE_NAME = "swiss-leader";
  private static final Logger LOG = LoggerFactory.getLogger(BackgroundLeader.class);

  /**
   * How the election runs: a Lease held for {@code lease}, renewed until {@code renewDeadline},
   * tried again every {@code retry} by the replicas that do not hold it.
   */
  public record Timing(Duration lease, Duration renewDeadline, Duration retry) {
    /**
     * A term of {@code lease}, as Kubernetes' own controllers run theirs (15 s, 10 s, 2 s): renewed
     * until two thirds of it, tried again every eighth of it.
     */
    public static Timing within(Duration lease) {
      return new Timing(lease, lease.multipliedBy(2).dividedBy(3), lease.dividedBy(8));
    }
  }

  private final KubernetesClient client;
  private final String namespace;
  private final String identity;
  private final Timing timing;
  private final Runnable work;
  private final Duration every;
  private final ExecutorService election =
      Executors.newSingleThreadExecutor(DaemonThreads.named("swiss-leader-election"));
  private final ScheduledExecutorService worker =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("swiss-leader-work"));
  private final AtomicReference<String> leader = new AtomicReference<>("");
  private volatile CompletableFuture<?> running = CompletableFuture.completedFuture(null);
  private volatile ScheduledFuture<?> scheduled;
  private volatile boolean closed;

  /**
   * @param identity this replica's name in the Lease: its pod's name, unique among the replicas
   * @param work what the leader runs, at once when it is elected and then every {@code every}
   */
  public BackgroundLeader(
      KubernetesClient client,
      String namespace,
      String identity,
      Timing timing,
      Runnable work,
      Duration every) {
    this.client = client;
    this.namespace = namespace;
    this.identity = identity;
    this.timing = timing;
    this.work = work;
    this.every = every;
  }

  /** Joins the election; returns at once. */
  public synchronized void start() {
    if (closed) {
      return;
    }
    // An elector serves one term: after it loses the Lease a new one stands again.
    running = new LeaderElector(client, config(), election).start();
    running.whenComplete((done, failed) -> standAgain(failed));
  }

  private void standAgain(Throwable failed) {
    if (closed) {
      return;
    }
    if (failed != null) {
      LOG.warn("leader election of {}/{} stopped: {}", namespace, LEASE_NAME, failed.toString());
    }
    stopWorking();
    start();
  }

  private LeaderElectionConfig config() {
    return new LeaderElectionConfigBuilder()
        .withName(LEASE_NAME)
        .withLock(new LeaseLock(namespace, LEASE_NAME, identity))
        .withLeaseDuration(timing.lease())
        .withRenewDeadline(timing.renewDeadline())
        .withRetryPeriod(timing.retry())
        // A replica stopping hands the work on at once instead of after the Lease lapses.
        .withReleaseOnCancel(true)
        .withLeaderCallbacks(
            new LeaderCallbacks(this::startWorking, this::stopWorking, leader::set))
        .build();
  }

  private synchronized void startWorking() {
    LOG.info("{} leads the background work ({}/{})", identity, namespace, LEASE_NAME);
    scheduled =
        worker.scheduleWithFixedDelay(this::runWork, 0, every.toMillis(), TimeUnit.MILLISECONDS);
  }

  private synchronized void stopWorking() {
    if (scheduled != null) {
      scheduled.cancel(true);
      scheduled = null;
    }
  }

  private void runWork() {
    try {
      work.run();
    } catch (RuntimeException e) {
      // The next round tries again; one failed round must not end the schedule.
      LOG.warn("background work failed: {}", e.getMessage());
    }
  }

  /** Whether this replica leads now. */
  public boolean leading() {
    return identity.equals(leader.get()) && scheduled != null;
  }

  /** The replica that leads, as the last election this one saw said; empty before any. */
  public String leader() {
    return leader.get();
  }

  /** Leaves the election, handing the Lease on, and stops the work. */
  @Override
  public void close() {
    closed = true;
    running.cancel(true);
    stopWorking();
    worker.shutdownNow();
    election.shutdownNow();
  }
}
