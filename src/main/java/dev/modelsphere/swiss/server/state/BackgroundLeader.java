package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfig;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.Lock;
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
 *
 * <p>A leader that is alive but cut off from the API server must stop on its own: the elector
 * notices a failed renewal only when the renewal call returns, and a hung API server holds it for
 * as long as the client waits. So the work runs only while this replica's last renewal was sent
 * less than the renew deadline ago, which is before any other replica may take the Lease over.
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
  private final RenewalTrackingLock lock;
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
    this.lock = new RenewalTrackingLock(new LeaseLock(namespace, LEASE_NAME, identity));
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
        .withLock(lock)
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
    if (!lock.renewedWithin(timing.renewDeadline())) {
      LOG.warn(
          "{} skips the background work: its hold on {}/{} was last renewed more than {} ago",
          identity,
          namespace,
          LEASE_NAME,
          timing.renewDeadline());
      return;
    }
    try {
      work.run();
    } catch (RuntimeException e) {
      // The next round tries again; one failed round must not end the schedule.
      LOG.warn("background work failed: {}", e.getMessage());
    }
  }

  /** Whether this replica leads now: elected, and its hold on the Lease renewed in time. */
  public boolean leading() {
    return identity.equals(leader.get())
        && scheduled != null
        && lock.renewedWithin(timing.renewDeadline());
  }

  /** The replica that leads, as the last election this one saw said; empty before any. */
  public String leader() {
    return leader.get();
  }

  /**
   * The Lease lock, noting when this replica last wrote its hold: the time the write was sent,
   * since the Lease's renew time is taken before the write and other replicas count from it.
   */
  private static final class RenewalTrackingLock implements Lock {
    private final Lock lease;
    private volatile long renewedAt;
    private volatile boolean renewed;

    RenewalTrackingLock(Lock lease) {
      this.lease = lease;
    }

    boolean renewedWithin(Duration deadline) {
      return renewed && System.nanoTime() - renewedAt < deadline.toNanos();
    }

    @Override
    public LeaderElectionRecord get(KubernetesClient client) {
      return lease.get(client);
    }

    @Override
    public void create(KubernetesClient client, LeaderElectionRecord record) {
      long sent = System.nanoTime();
      lease.create(client, record);
      noteHeld(record, sent);
    }

    @Override
    public void update(KubernetesClient client, LeaderElectionRecord record) {
      long sent = System.nanoTime();
      lease.update(client, record);
      noteHeld(record, sent);
    }

    private void noteHeld(LeaderElectionRecord record, long sent) {
      if (identity().equals(record.getHolderIdentity())) {
        renewedAt = sent;
        renewed = true;
      }
    }

    @Override
    public String identity() {
      return lease.identity();
    }

    @Override
    public String describe() {
      return lease.describe();
    }
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
