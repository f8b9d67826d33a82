package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.helmbackend.ReleaseStatus;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers in separate processes, against the real API server: only the cluster's lease stands
 * between them. The test pauses a lease holder with SIGSTOP to make "at once" certain, and kills
 * one with SIGKILL to play a laptop that died in the middle of its apply.
 */
@ClusterTest
class CliProcessesTest {

  private static final Pattern PID = Pattern.compile(" pid (\\d+)$");

  @TempDir Path dir;
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void ofFourCliProcessesApplyingOneReleaseAtOnceExactlyOneWritesAndTheRestAreRefusedNamingIt()
      throws Exception {
    install();
    List<CliProcess> applies = new ArrayList<>();
    List<Plan> plans = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Plan plan = cluster.plan("qwen", "replicaCount: " + (i + 2));
      plans.add(plan);
      applies.add(
          CliProcess.start(
              dir,
              "apply",
              "--plan",
              planFile(plan).toString(),
              "--expect-revision",
              "1",
              "--kubeconfig",
              cluster.kubeconfig().toString(),
              "--config",
              servingOnly()));
    }

    long holderPid = awaitHolderPid();
    CliProcess holder =
        applies.stream().filter(p -> p.pid() == holderPid).findFirst().orElseThrow();
    // Paused while it holds the lease, so every other process asks while it is held.
    holder.signal("STOP");
    List<CliProcess> others = applies.stream().filter(p -> p != holder).toList();
    for (CliProcess other : others) {
      assertThat(other.exitCode()).as(other.err()).isEqualTo(1);
      assertThat(other.err())
          .contains(
              "release " + cluster.namespace() + "/qwen is being applied by swiss CLI on",
              "pid " + holderPid);
    }
    holder.signal("CONT");
    assertThat(holder.exitCode()).as(holder.err()).isZero();
    assertThat(holder.out()).contains(cluster.namespace() + "/qwen revision 2");

    Plan winner = plans.get(applies.indexOf(holder));
    ReleaseStatus status = cluster.deployer().status(cluster.namespace(), "qwen");
    assertThat(status.revision()).isEqualTo(2);
    assertThat(status.planHash()).isEqualTo(winner.hash());
    assertThat(status.plan().phase()).isEqualTo(PlanStatus.APPLIED);
    assertThat(status.plan().revision()).isEqualTo(2);
    assertThat(lease()).as("released when its holder finished").isEmpty();
  }

  @Test
  void aCliKilledInTheMiddleOfItsApplyBlocksTheReleaseOnlyUntilItsLeaseLapses() throws Exception {
    Plan one = install();
    Plan two = cluster.plan("qwen", "replicaCount: 2");
    CliProcess apply =
        CliProcess.start(
            dir,
            "apply",
            "--plan",
            planFile(two).toString(),
            "--expect-revision",
            "1",
            "--kubeconfig",
            cluster.kubeconfig().toString(),
            "--config",
            servingOnly());
    assertThat(awaitHolderPid()).isEqualTo(apply.pid());
    stopBetweenWriteAheadAndHelm(apply, two);
    apply.signal("KILL");
    assertThat(apply.exitCode()).isNotZero();

    Plan three = cluster.plan("qwen", "replicaCount: 3");
    assertThatThrownBy(() -> cluster.deployer().apply(three, Mode.UPGRADE, ApplyOptions.apply(1)))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.getMessage()).contains("pid " + apply.pid()));
    assertThat(cluster.deployer().status(cluster.namespace(), "qwen").plan().phase())
        .as("its lease has not lapsed yet: for all anyone knows it is still writing")
        .isEqualTo(PlanStatus.APPLYING);

    Awaitility.await()
        .atMost(Duration.ofSeconds(40))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> cluster.deployer().status(cluster.namespace(), "qwen").plan().phase(),
            PlanStatus.FAILED::equals);
    ReleaseStatus interrupted = cluster.deployer().status(cluster.namespace(), "qwen");
    assertThat(interrupted.plan().error()).contains("interrupted", "still runs revision 1");
    assertThat(interrupted.planHash()).isEqualTo(one.hash());
    assertThat(cluster.deployer().archived(cluster.namespace(), "qwen", 1).hash())
        .isEqualTo(one.hash());

    assertThat(cluster.deployer().apply(three, Mode.UPGRADE, ApplyOptions.apply(1)).revision())
        .isEqualTo(2);
    ReleaseStatus after = cluster.deployer().status(cluster.namespace(), "qwen");
    assertThat(after.planHash()).isEqualTo(three.hash());
    assertThat(after.plan().phase()).isEqualTo(PlanStatus.APPLIED);
  }

  /**
   * Lets the paused CLI run a few milliseconds at a time until its write-ahead is in the cluster,
   * and leaves it stopped there: the record says {@code applying} and helm has not moved.
   */
  private void stopBetweenWriteAheadAndHelm(CliProcess apply, Plan plan) throws Exception {
    apply.signal("STOP");
    for (int step = 0; step < 2_000 && !applying(plan); step++) {
      apply.signal("CONT");
      Thread.sleep(2);
      apply.signal("STOP");
    }
    assertThat(applying(plan)).as("the CLI's write-ahead never appeared").isTrue();
    assertThat(new ReleaseStorage(cluster.admin()).revisions(cluster.namespace(), "qwen"))
        .as("stopped after helm had begun: the test missed the window it needs")
        .containsExactly(1);
  }

  private boolean applying(Plan plan) {
    Map<String, String> files =
        cluster.kube().configMap(cluster.namespace(), "swiss-plan-qwen").orElse(Map.of());
    return PlanStatus.APPLYING.equals(PlanStatus.parse(files.get(PlanStatus.FILE)).phase())
        && PlanFiles.fromFiles(files).hash().equals(plan.hash());
  }

  private long awaitHolderPid() {
    Lease lease =
        Awaitility.await()
            .atMost(Duration.ofMinutes(1))
            .pollInterval(Duration.ofMillis(5))
            .until(this::lease, Optional::isPresent)
            .orElseThrow();
    Matcher pid = PID.matcher(lease.getSpec().getHolderIdentity());
    assertThat(pid.find()).as(lease.getSpec().getHolderIdentity()).isTrue();
    return Long.parseLong(pid.group(1));
  }

  private Optional<Lease> lease() {
    return Optional.ofNullable(
        cluster
            .admin()
            .leases()
            .inNamespace(cluster.namespace())
            .withName("swiss-lock-qwen")
            .get());
  }

  private Plan install() throws IOException {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    CliRun install =
        CliRun.of(
            "install",
            "--plan",
            planFile(one).toString(),
            "--kubeconfig",
            cluster.kubeconfig().toString(),
            "--config",
            servingOnly());
    assertThat(install.exitCode()).as(install.err()).isZero();
    return one;
  }

  private String servingOnly() {
    return CliRun.servingOnly(dir, cluster.namespace()).toString();
  }

  private Path planFile(Plan plan) throws IOException {
    Path file = Files.createTempFile(dir, "plan-", ".json");
    Files.writeString(file, PlanJson.toJson(plan));
    return file;
  }
}
