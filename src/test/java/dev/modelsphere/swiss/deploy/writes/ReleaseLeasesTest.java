package dev.modelsphere.swiss.deploy.writes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.MovableClock;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The release's lease on the real API server: the lock that processes share. */
@ClusterTest
class ReleaseLeasesTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  /** The renewing thread of the processes the test plays. */
  private static final LeaseRenewals RENEWALS = new LeaseRenewals();

  @AfterAll
  static void stopRenewing() {
    RENEWALS.close();
  }

  @Test
  void aSecondWriterIsRefusedNamingTheReleaseTheActionAndTheHolder() {
    ReleaseLeases replicaA = leases("swiss serve", Duration.ofSeconds(15));
    ReleaseLeases laptop = leases("swiss CLI", Duration.ofSeconds(15));

    try (ReleaseLeases.Held held = replicaA.take(cluster.namespace(), "qwen", "apply")) {
      assertThatThrownBy(() -> laptop.take(cluster.namespace(), "qwen", "rollback"))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
                assertThat(e.getMessage())
                    .contains(
                        "release " + cluster.namespace() + "/qwen is being applied by swiss serve",
                        "pid " + ProcessHandle.current().pid(),
                        "swiss-lock-qwen");
              });
      laptop.take(cluster.namespace(), "other", "apply").close();
    }
  }

  @Test
  void theLeaseNamesItsHolderAndActionAndIsLabelledAsSwiss() {
    try (ReleaseLeases.Held held =
        leases("swiss CLI", Duration.ofSeconds(15)).take(cluster.namespace(), "qwen", "install")) {
      Lease lease = lease("swiss-lock-qwen");
      assertThat(lease.getMetadata().getLabels()).containsEntry(Kube.MANAGED_BY, Kube.SWISS);
      assertThat(lease.getMetadata().getAnnotations())
          .containsEntry(ReleaseLeases.ACTION, "install");
      assertThat(lease.getSpec().getHolderIdentity())
          .startsWith("swiss CLI on ")
          .endsWith(" pid " + ProcessHandle.current().pid());
      assertThat(lease.getSpec().getLeaseDurationSeconds()).isEqualTo(15);
    }
  }

  @Test
  void aLeaseIsDeletedWhenItsHolderIsDoneSoTheNextWriterProceeds() {
    ReleaseLeases one = leases("swiss serve", Duration.ofSeconds(15));
    one.take(cluster.namespace(), "qwen", "apply").close();

    assertThat(lease("swiss-lock-qwen")).isNull();
    leases("swiss CLI", Duration.ofSeconds(15)).take(cluster.namespace(), "qwen", "apply").close();
  }

  @Test
  void aLeaseItsHolderStoppedRenewingMayBeTakenOnceItHasLapsed() {
    new ReleaseSeeds(cluster).lapsedLease("qwen", Duration.ofMinutes(5));

    try (ReleaseLeases.Held held =
        leases("swiss serve", Duration.ofSeconds(15)).take(cluster.namespace(), "qwen", "apply")) {
      Lease lease = lease("swiss-lock-qwen");
      assertThat(lease.getSpec().getHolderIdentity()).startsWith("swiss serve on ");
      assertThat(lease.getSpec().getLeaseTransitions()).isEqualTo(1);
    }
  }

  /**
   * Both writers read one clock that the test moves past the lease's duration: the lease outlives
   * it only if its holder renewed it after the move, which the test waits for (renewals run every
   * third of the duration in real time) instead of sleeping through the duration.
   */
  @Test
  void aHeldLeaseIsRenewedWhileTheWriteRunsSoItNeverLapsesUnderItsHolder() {
    // Whole seconds, so the renewTime read back (micro-precise) compares exactly.
    MovableClock clock = new MovableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    ReleaseLeases holder = leases("swiss serve", Duration.ofSeconds(1), clock);
    try (ReleaseLeases.Held held = holder.take(cluster.namespace(), "qwen", "apply")) {
      ZonedDateTime taken = lease("swiss-lock-qwen").getSpec().getRenewTime();
      clock.advance(Duration.ofMillis(2_500));
      Instant now = clock.instant();
      assertThat(taken.toInstant().plusSeconds(1))
          .as("unrenewed, the lease would have lapsed by now")
          .isBefore(now);

      await()
          .atMost(Duration.ofSeconds(10))
          .alias("the holder renews its lease at the moved clock's time")
          .until(
              () -> !lease("swiss-lock-qwen").getSpec().getRenewTime().toInstant().isBefore(now));

      assertThat(lease("swiss-lock-qwen").getSpec().getRenewTime()).isAfter(taken);
      assertThatThrownBy(
              () ->
                  leases("swiss CLI", Duration.ofSeconds(1), clock)
                      .take(cluster.namespace(), "qwen", "apply"))
          .isInstanceOf(DeployException.class);
      held.requireHeld();
    }
  }

  /**
   * The renewal period is a setting of its own: a lease of 15 s renewed every 200 ms is renewed
   * within a second, not a third of its duration (5 s) later.
   */
  @Test
  void aHeldLeaseIsRenewedAsOftenAsTheSettingSays() {
    MovableClock clock = new MovableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    ReleaseLeases holder =
        new ReleaseLeases(
            cluster.admin(),
            Writer.thisProcess("swiss serve"),
            new DeploySettings.Times(
                Duration.ofSeconds(15), Duration.ofMillis(200), null, null, null),
            clock,
            RENEWALS);
    try (ReleaseLeases.Held held = holder.take(cluster.namespace(), "qwen", "apply")) {
      clock.advance(Duration.ofSeconds(1));
      Instant now = clock.instant();

      await()
          .atMost(Duration.ofSeconds(3))
          .alias("the holder renews its lease at the moved clock's time")
          .until(
              () -> !lease("swiss-lock-qwen").getSpec().getRenewTime().toInstant().isBefore(now));
    }
  }

  /**
   * A process that has stopped renews no lease, so it takes none: the write is refused as {@code
   * UNAVAILABLE} and no Lease is left behind to lapse in other writers' way.
   */
  @Test
  void aProcessThatHasStoppedRenewingTakesNoLeaseAndLeavesNoneBehind() {
    LeaseRenewals stopped = new LeaseRenewals();
    stopped.close();
    ReleaseLeases leases =
        new ReleaseLeases(
            cluster.admin(),
            Writer.thisProcess("swiss serve"),
            DeploySettings.Times.DEFAULTS,
            Clock.systemUTC(),
            stopped);

    assertThatThrownBy(() -> leases.take(cluster.namespace(), "qwen", "apply"))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE))
        .hasMessageContaining("stopping");
    assertThat(lease("swiss-lock-qwen")).isNull();
  }

  @Test
  void ofEightWritersRacingForOneReleaseExactlyOneTakesItsLease() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<ReleaseLeases.Held>> racers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      ReleaseLeases writer = leases("replica " + i, Duration.ofSeconds(15));
      Callable<ReleaseLeases.Held> race =
          () -> {
            start.await();
            return writer.take(cluster.namespace(), "qwen", "apply");
          };
      racers.add(pool.submit(race));
    }
    start.countDown();

    List<ReleaseLeases.Held> won = new ArrayList<>();
    int refused = 0;
    for (Future<ReleaseLeases.Held> racer : racers) {
      try {
        won.add(racer.get());
      } catch (java.util.concurrent.ExecutionException e) {
        assertThat(e.getCause()).isInstanceOf(DeployException.class);
        assertThat(((DeployException) e.getCause()).kind()).isEqualTo(ErrorKind.CONFLICT);
        refused++;
      }
    }
    pool.shutdown();
    won.forEach(ReleaseLeases.Held::close);
    assertThat(won).hasSize(1);
    assertThat(refused).isEqualTo(7);
  }

  private static ReleaseLeases leases(String kind, Duration duration) {
    return leases(kind, duration, Clock.systemUTC());
  }

  private static ReleaseLeases leases(String kind, Duration duration, Clock clock) {
    return new ReleaseLeases(
        cluster.admin(),
        Writer.thisProcess(kind),
        DeploySettings.Times.DEFAULTS.withLease(duration),
        clock,
        RENEWALS);
  }

  private static Lease lease(String name) {
    return cluster.admin().leases().inNamespace(cluster.namespace()).withName(name).get();
  }
}
