package dev.modelsphere.swiss.server.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.testing.ApiServerProxy;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Replicas elect one of them through a Lease to do the background work: only that one works, and
 * when it goes (handing the Lease on, or dying without a word) another takes over.
 */
@ClusterTest
class BackgroundLeaderOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration LEASE = Duration.ofSeconds(3);

  /** A replica: its own client, as a pod has, and a count of the rounds of work it ran. */
  private record Replica(BackgroundLeader leader, KubernetesClient client, AtomicInteger rounds) {}

  private Replica replica(String name) throws IOException {
    return replica(
        name,
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(cluster.kubeconfig())))
            .build(),
        () -> {});
  }

  /** A replica talking through {@code client}, running {@code onRound} in each round of work. */
  private Replica replica(String name, KubernetesClient client, Runnable onRound) {
    AtomicInteger rounds = new AtomicInteger();
    BackgroundLeader leader =
        new BackgroundLeader(
            client,
            cluster.namespace(),
            name,
            BackgroundLeader.Timing.within(LEASE),
            () -> {
              rounds.incrementAndGet();
              onRound.run();
            },
            Duration.ofMillis(200));
    leader.start();
    return new Replica(leader, client, rounds);
  }

  @Test
  void ofTwoReplicasOneWorksAndTheOtherTakesOverWhenItHandsTheLeaseOn() throws IOException {
    Replica a = replica("replica-a");
    Replica b = replica("replica-b");
    try {
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> a.leader().leading() || b.leader().leading());
      Replica first = a.leader().leading() ? a : b;
      Replica second = first == a ? b : a;
      int before = second.rounds().get();
      await().pollDelay(Duration.ofSeconds(1)).until(() -> true);
      assertThat(second.rounds().get())
          .as("the replica that does not lead does no work")
          .isEqualTo(before);
      assertThat(first.rounds().get()).as("the leader works").isPositive();
      assertThat(second.leader().leader()).isEqualTo(first == a ? "replica-a" : "replica-b");

      first.leader().close();

      // Handed on at once, not after the Lease lapsed.
      await().atMost(LEASE).until(() -> second.leader().leading());
      int taken = second.rounds().get();
      await().atMost(Duration.ofSeconds(5)).until(() -> second.rounds().get() > taken);
    } finally {
      for (Replica r : List.of(a, b)) {
        r.leader().close();
        r.client().close();
      }
    }
  }

  @Test
  void whenTheLeaderDiesWithoutAWordAnotherLeadsWithinTheLease() throws IOException {
    Replica a = replica("replica-a");
    await().atMost(Duration.ofSeconds(20)).until(() -> a.leader().leading());
    Replica b = replica("replica-b");
    try {
      await().pollDelay(Duration.ofSeconds(1)).until(() -> true);
      assertThat(b.leader().leading()).as("a second replica waits while the first leads").isFalse();

      // Its connection gone, it can neither renew nor release: the Lease lapses under it.
      a.client().close();
      long died = System.nanoTime();

      await().atMost(LEASE.multipliedBy(3)).until(() -> b.leader().leading());
      assertThat(Duration.ofNanos(System.nanoTime() - died))
          .as("taken over within about one lease")
          .isLessThan(LEASE.multipliedBy(2).plusSeconds(2));
      int taken = b.rounds().get();
      await().atMost(Duration.ofSeconds(5)).until(() -> b.rounds().get() > taken);
    } finally {
      a.leader().close();
      b.leader().close();
      b.client().close();
    }
  }

  @Test
  void aLeaderCutOffFromTheApiServerStopsItsWorkBeforeAnotherReplicaStarts() throws IOException {
    AtomicLong lastRoundOfA = new AtomicLong();
    AtomicLong firstRoundOfB = new AtomicLong();
    try (ApiServerProxy proxy = new ApiServerProxy(cluster.cluster())) {
      Replica a = replica("replica-a", proxy.client(), () -> lastRoundOfA.set(System.nanoTime()));
      await().atMost(Duration.ofSeconds(20)).until(() -> a.leader().leading());
      Replica b =
          replica(
              "replica-b",
              new KubernetesClientBuilder()
                  .withConfig(Config.fromKubeconfig(Files.readString(cluster.kubeconfig())))
                  .build(),
              () -> firstRoundOfB.compareAndSet(0, System.nanoTime()));
      try {
        // The API server stops answering A, whose process goes on: its renewals hang.
        proxy.freeze();
        long cut = System.nanoTime();

        await().atMost(LEASE).until(() -> !a.leader().leading());
        await().atMost(LEASE.multipliedBy(3)).until(() -> firstRoundOfB.get() != 0);

        assertThat(Duration.ofNanos(System.nanoTime() - cut))
            .as("B takes over within about one lease")
            .isLessThan(LEASE.multipliedBy(2).plusSeconds(2));
        assertThat(lastRoundOfA.get())
            .as("A's last round of work ran before B's first: the work was never done twice")
            .isLessThan(firstRoundOfB.get());
        long stoppedAt = lastRoundOfA.get();
        await().pollDelay(Duration.ofSeconds(1)).until(() -> true);
        assertThat(lastRoundOfA.get()).as("A works no more while cut off").isEqualTo(stoppedAt);
      } finally {
        proxy.thaw();
        a.leader().close();
        b.leader().close();
        a.client().close();
        b.client().close();
      }
    }
  }
}
