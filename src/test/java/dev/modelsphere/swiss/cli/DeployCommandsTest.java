package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.HelmTestbed;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The deploy commands end to end against the real API server, driven by plan files. */
class DeployCommandsTest {

  @TempDir Path dir;
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();
  private HelmTestbed bed;

  @BeforeEach
  void start() {
    bed = HelmTestbed.on(cluster);
  }

  @Test
  void installDiffApplyStatusAndUninstallFromPlanFiles() throws IOException {
    Path one = planFile("one.json", "replicaCount: 1");
    Path two = planFile("two.json", "replicaCount: 4");

    CliRun install = swiss("install", "--plan", one.toString());
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains(bed.namespace + "/qwen revision 1");

    CliRun same = swiss("diff", "--plan", one.toString());
    assertThat(same.exitCode()).as(same.err() + same.out()).isZero();
    assertThat(same.err()).contains("no changes");

    CliRun changed = swiss("diff", "--plan", two.toString());
    assertThat(changed.exitCode()).isEqualTo(2);
    assertThat(changed.out()).contains("-  replicas: 1", "+  replicas: 4");

    CliRun apply = swiss("apply", "--plan", two.toString(), "--expect-revision", "1");
    assertThat(apply.exitCode()).as(apply.err()).isZero();
    assertThat(apply.out()).contains("revision 2");

    CliRun stale = swiss("apply", "--plan", one.toString(), "--expect-revision", "1");
    assertThat(stale.exitCode()).isEqualTo(1);
    assertThat(stale.err()).contains("moved from revision 1 to 2");

    CliRun status = swiss("status", "--release", "qwen", "--namespace", bed.namespace);
    assertThat(status.exitCode()).as(status.err()).isZero();
    assertThat(status.out()).contains("revision  2", "helm      deployed", "applied at revision 2");

    CliRun choices = swiss("rollback", "--release", "qwen", "--namespace", bed.namespace);
    assertThat(choices.exitCode()).as(choices.err()).isZero();
    assertThat(choices.out()).contains("can roll back to revision 1");

    CliRun unlocked =
        swiss("rollback", "--release", "qwen", "--namespace", bed.namespace, "--to-revision", "1");
    assertThat(unlocked.exitCode()).isEqualTo(1);
    assertThat(unlocked.err()).contains("expectRevision is required");

    CliRun rollback =
        swiss(
            "rollback",
            "--release",
            "qwen",
            "--namespace",
            bed.namespace,
            "--to-revision",
            "1",
            "--expect-revision",
            "2");
    assertThat(rollback.exitCode()).as(rollback.err()).isZero();
    assertThat(rollback.out()).contains(bed.namespace + "/qwen revision 3");
    CliRun backToOne = swiss("diff", "--plan", one.toString());
    assertThat(backToOne.exitCode()).as("revision 3 carries revision 1's values").isZero();

    CliRun uninstall = swiss("uninstall", "--release", "qwen", "--namespace", bed.namespace);
    assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
    assertThat(swiss("status", "--release", "qwen", "--namespace", bed.namespace).exitCode())
        .isEqualTo(1);
  }

  @Test
  void anExpectedRevisionBelowOneMeansNoCheckOnInstallAndApply() throws IOException {
    Path one = planFile("one.json", "replicaCount: 1");
    Path two = planFile("two.json", "replicaCount: 2");

    CliRun install = swiss("install", "--plan", one.toString(), "--expect-revision", "-1");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains(bed.namespace + "/qwen revision 1");

    CliRun apply = swiss("apply", "--plan", two.toString(), "--expect-revision", "-1");
    assertThat(apply.exitCode()).as(apply.err()).isZero();
    assertThat(apply.out()).contains(bed.namespace + "/qwen revision 2");
  }

  @Test
  void aTamperedPlanFileIsRefusedBeforeTheClusterIsAsked() throws IOException {
    Path file = planFile("plan.json", "replicaCount: 1");
    Files.writeString(
        file, Files.readString(file).replace("\"replicaCount\": 1", "\"replicaCount\": 7"));

    CliRun install = swiss("install", "--plan", file.toString());

    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.err()).contains("hash mismatch", file.toString());
    assertThat(bed.kube.configMap(bed.namespace, "swiss-plan-qwen")).isEmpty();
  }

  private Path planFile(String name, String form) throws IOException {
    Plan plan =
        HelmTestbed.plan(
            "qwen",
            bed.namespace,
            form,
            new ChartRef("sglang", "0.8.0", "", TestCharts.exampleCharts().toString()),
            false);
    Path file = dir.resolve(name);
    Files.writeString(file, PlanJson.toJson(plan));
    return file;
  }

  private CliRun swiss(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    if (!args[0].equals("render")) {
      all.addAll(List.of("--kubeconfig", HelmTestbed.kubeconfigFile().toString()));
    }
    return CliRun.of(all.toArray(String[]::new));
  }
}
