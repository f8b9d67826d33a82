package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.server.OpenApiContract;
import dev.modelsphere.swiss.testing.AutoscalerSimulation;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.HelmCli;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReconcilingOperatorSimulation;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import dev.modelsphere.swiss.testing.SwissThreads;
import dev.modelsphere.swiss.values.Yaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The deploy commands end to end against the real API server, driven by plan files. */
@ClusterTest
class DeployCommandsTest {

  @TempDir Path dir;
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void installDiffApplyStatusAndUninstallFromPlanFiles() throws IOException {
    Path one = planFile("one.json", "replicaCount: 1");
    Path two = planFile("two.json", "replicaCount: 4");

    CliRun install = swiss("install", "--plan", one.toString());
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains(cluster.namespace() + "/qwen revision 1");

    CliRun same = swiss("diff", "--plan", one.toString());
    assertThat(same.exitCode()).as(same.err() + same.out()).isZero();
    assertThat(same.err()).contains("no changes");

    CliRun changed = swiss("diff", "--plan", two.toString());
    assertThat(changed.exitCode()).isEqualTo(2);
    assertThat(changed.out()).contains("-    replicas: 1", "+    replicas: 4");

    CliRun apply = swiss("apply", "--plan", two.toString(), "--expect-revision", "1");
    assertThat(apply.exitCode()).as(apply.err()).isZero();
    assertThat(apply.out()).contains("revision 2");

    CliRun stale = swiss("apply", "--plan", one.toString(), "--expect-revision", "1");
    assertThat(stale.exitCode()).isEqualTo(1);
    assertThat(stale.err()).contains("moved from revision 1 to 2");

    CliRun status = onQwen("status");
    assertThat(status.exitCode()).as(status.err()).isZero();
    assertThat(status.out()).contains("revision  2", "helm      deployed", "applied at revision 2");
    assertThat(status.out()).containsPattern("pods +\\d+ of \\d+ ready");

    CliRun choices = onQwen("rollback");
    assertThat(choices.exitCode()).as(choices.err()).isZero();
    assertThat(choices.out()).contains("can roll back to revision 1");

    CliRun unlocked = onQwen("rollback", "--to-revision", "1");
    assertThat(unlocked.exitCode()).isEqualTo(1);
    assertThat(unlocked.err()).contains("expectRevision is required");

    CliRun rollback = onQwen("rollback", "--to-revision", "1", "--expect-revision", "2");
    assertThat(rollback.exitCode()).as(rollback.err()).isZero();
    assertThat(rollback.out()).contains(cluster.namespace() + "/qwen revision 3");
    CliRun backToOne = swiss("diff", "--plan", one.toString());
    assertThat(backToOne.exitCode()).as("revision 3 carries revision 1's values").isZero();

    CliRun uninstall = onQwen("uninstall");
    assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
    assertThat(onQwen("status").exitCode()).isEqualTo(1);
  }

  /**
   * A command wires the deploy core for itself and closes it when it ends: the detached run, the
   * helm write and the lease renewal it used are stopped with it.
   */
  @Test
  void aCommandThatHasEndedLeavesNoneOfTheThreadsItStartedRunning() throws IOException {
    SwissThreads threads = SwissThreads.fromNow();

    CliRun install = swiss("install", "--plan", planFile("one.json", "replicaCount: 1").toString());
    assertThat(install.exitCode()).as(install.err()).isZero();
    CliRun uninstall = onQwen("uninstall");
    assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();

    threads.awaitAllEnded("the commands ended");
  }

  @Test
  void anExpectedRevisionBelowOneMeansNoCheckOnInstallAndApply() throws IOException {
    Path one = planFile("one.json", "replicaCount: 1");
    Path two = planFile("two.json", "replicaCount: 2");

    CliRun install = swiss("install", "--plan", one.toString(), "--expect-revision", "-1");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains(cluster.namespace() + "/qwen revision 1");

    CliRun apply = swiss("apply", "--plan", two.toString(), "--expect-revision", "-1");
    assertThat(apply.exitCode()).as(apply.err()).isZero();
    assertThat(apply.out()).contains(cluster.namespace() + "/qwen revision 2");
  }

  /**
   * Helm applies server-side: a field another manager owns stops the apply, naming the field and
   * the manager, and --force-conflicts takes it.
   */
  @Test
  void anApplyStopsAtAFieldAnotherManagerOwnsAndForceConflictsTakesIt() throws IOException {
    Path one = planFile("one.json", "replicaCount: 1");
    Path two = planFile("two.json", "replicaCount: 2");
    assertThat(swiss("install", "--plan", one.toString()).exitCode()).isZero();
    AutoscalerSimulation.scale(cluster.admin(), cluster.namespace(), "qwen-sglang", 3);

    CliRun stopped = swiss("apply", "--plan", two.toString());

    assertThat(stopped.exitCode()).isEqualTo(1);
    assertThat(stopped.err())
        .contains(".spec.replicas", AutoscalerSimulation.MANAGER, "--force-conflicts");

    CliRun forced = swiss("apply", "--plan", two.toString(), "--force-conflicts");

    assertThat(forced.exitCode()).as(forced.err()).isZero();
    assertThat(
            cluster
                .admin()
                .apps()
                .deployments()
                .inNamespace(cluster.namespace())
                .withName("qwen-sglang")
                .get()
                .getSpec()
                .getReplicas())
        .isEqualTo(2);
  }

  @Test
  void aTamperedPlanFileIsRefusedBeforeTheClusterIsAsked() throws IOException {
    Path file = planFile("plan.json", "replicaCount: 1");
    Files.writeString(
        file, Files.readString(file).replace("\"replicaCount\": 1", "\"replicaCount\": 7"));

    CliRun install = swiss("install", "--plan", file.toString());

    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.err()).contains("hash mismatch", file.toString());
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-qwen")).isEmpty();
  }

  @Test
  void
      anLlmServiceReleaseShowsItsOperatorAndCanaryRelationshipAndIsUninstalledByTheGuardedDelete() {
    Crds.installLlmService(cluster.admin());
    ReleaseSeeds seeds = new ReleaseSeeds(cluster);
    seeds.service(
        seeds.repoPlan("qwen"),
        Map.of(),
        Map.of(ReleaseSeeds.CANARY.assignmentAnnotation(), "lab/exp-1:baseline"));
    seeds.operatorReports("qwen", Phase.Applied, 3, "");

    CliRun status = onQwen("status");
    CliRun uninstall = onQwen("uninstall");

    assertThat(status.exitCode()).as(status.err()).isZero();
    assertThat(status.out())
        .contains(
            "backend   llmsvc",
            "revision  3",
            "operator  Applied",
            "canary    referenced",
            "lent to   lab/exp-1 arm baseline (verified)");
    assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
    assertThat(uninstall.out()).contains("deleted LLMService " + cluster.namespace() + "/qwen");
    assertThat(cluster.llmServices().withName("qwen").get()).isNull();
  }

  @Test
  void withApplyWithLlmsvcTheCliInstallsAppliesAndRollsBackThroughTheOperator() throws IOException {
    Crds.installLlmService(cluster.admin());
    Path config =
        Files.writeString(
            dir.resolve("swiss.yaml"),
            "catalog: ./catalog\ncluster:\n  namespaces: [%s]\nserver:\n  applyWith: llmsvc\n  database: %s\n"
                .formatted(cluster.namespace(), dir.resolve("swiss.db")));
    ReleaseSeeds seeds = new ReleaseSeeds(cluster);
    Path one = dir.resolve("one.json");
    Path two = dir.resolve("two.json");
    Files.writeString(one, PlanJson.toJson(seeds.repoPlan("qwen")));
    Plan second = seeds.repoPlan("qwen");
    Files.writeString(
        two,
        PlanJson.toJson(
            second
                .withLayers(
                    Map.of(
                        "catalog", second.layer("catalog"),
                        "form", Map.of("replicaCount", 2L)))
                .withHash()));
    try (ReconcilingOperatorSimulation operator =
        new ReconcilingOperatorSimulation(cluster.admin(), cluster.namespace())) {
      // The plans' chart is served where only the operator would pull it: preflight, which
      // renders it here, could not check them, so these writes go without it.
      CliRun install =
          swiss(
              "install",
              "--plan",
              one.toString(),
              "--config",
              config.toString(),
              "--skip-preflight");
      CliRun apply =
          swiss(
              "apply",
              "--plan",
              two.toString(),
              "--expect-revision",
              "1",
              "--config",
              config.toString(),
              "--skip-preflight");
      CliRun rollback =
          onQwen(
              "rollback",
              "--to-revision",
              "1",
              "--expect-revision",
              "2",
              "--config",
              config.toString());

      assertThat(install.exitCode()).as(install.err()).isZero();
      assertThat(install.out()).contains(cluster.namespace() + "/qwen revision 1");
      assertThat(cluster.llmServices().withName("qwen").get()).isNotNull();
      assertThat(apply.exitCode()).as(apply.err()).isZero();
      assertThat(apply.out()).contains("revision 2");
      assertThat(rollback.exitCode()).as(rollback.err()).isZero();
      assertThat(rollback.out()).contains("revision 3");
      assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-qwen"))
          .as("an LLMService release keeps no helm plan ConfigMap")
          .isEmpty();
    }
  }

  @Test
  void waitFollowsTheRolloutUntilThePodsAreReady() throws IOException {
    CliRun install =
        swiss(
            "install",
            "--plan",
            planFile("one.json", "replicaCount: 2").toString(),
            "--wait",
            "--timeout",
            "60s");

    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains("revision 1");
    assertThat(install.err()).contains("following the rollout", "ready: 2/2 pods ready");
    assertThat(
            cluster.admin().pods().inNamespace(cluster.namespace()).list().getItems().stream()
                .filter(p -> "Running".equals(p.getStatus().getPhase()))
                .count())
        .isEqualTo(2);
  }

  @Test
  void statusWatchFollowsARolloutStartedWithoutWaiting() throws IOException {
    assertThat(
            swiss("install", "--plan", planFile("one.json", "replicaCount: 1").toString())
                .exitCode())
        .isZero();

    CliRun watched = onQwen("status", "-w", "--timeout", "60s");

    assertThat(watched.exitCode()).as(watched.err()).isZero();
    assertThat(watched.out()).contains("revision  1");
    assertThat(watched.err()).contains("ready: 1/1 pods ready");
  }

  @Test
  void waitFailsNamingTheResourceNoNodeHasEnoughOf() throws IOException {
    // More memory than the largest simulated node (2 TiB) has, and no GPU: memory is all it lacks.
    Path greedy =
        planFile("greedy.json", "resources: {requests: {memory: 4Ti}}\nmodel: {gpus: \"\"}");

    long started = System.nanoTime();
    CliRun install = swiss("install", "--plan", greedy.toString(), "--wait", "--timeout", "60s");
    long seconds = java.time.Duration.ofNanos(System.nanoTime() - started).toSeconds();

    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.out()).as("the write itself happened").contains("revision 1");
    assertThat(install.err())
        .contains("cannot be scheduled (not enough memory on any node)", "Insufficient memory");
    assertThat(seconds).as("it failed as soon as the scheduler said so").isLessThan(60);
  }

  @Test
  void aTimeoutThatIsNoDurationIsRefused() throws IOException {
    CliRun install =
        swiss(
            "install",
            "--plan",
            planFile("one.json", "").toString(),
            "--wait",
            "--timeout",
            "soon");

    assertThat(install.exitCode()).isEqualTo(1);
    assertThat(install.err()).contains("--timeout soon is not a duration like 90s, 15m or 1h");
  }

  @Test
  void everyCommandThatPrintsAResultPrintsTheApisAnswerWithOutputJson() throws IOException {
    Path one = planFile("one.json", "replicaCount: 1");
    Path two = planFile("two.json", "replicaCount: 2");
    String release = "/api/releases/%s/qwen".formatted(cluster.namespace());
    OpenApiContract api = OpenApiContract.get();

    CliRun install = swiss("install", "--plan", one.toString(), "-o", "json");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(api.problems("POST", "/api/install", 200, install.out())).isEmpty();
    assertThat(json(install.out()).path("revision").asInt()).isEqualTo(1);

    CliRun diff = swiss("diff", "--plan", two.toString(), "-o", "json");
    assertThat(diff.exitCode()).as("exit 2 still says something would change").isEqualTo(2);
    assertThat(api.problems("POST", "/api/diff", 200, diff.out())).isEmpty();
    assertThat(json(diff.out()).path("changed").asBoolean()).isTrue();

    CliRun apply = swiss("apply", "--plan", two.toString(), "-o", "yaml");
    assertThat(apply.exitCode()).as(apply.err()).isZero();
    assertThat(new YAMLMapper().readTree(apply.out()).path("revision").asInt()).isEqualTo(2);

    CliRun history = onQwen("history", "-o", "json");
    assertThat(history.exitCode()).as(history.err()).isZero();
    assertThat(api.problems("GET", release + "/revisions", 200, history.out())).isEmpty();
    assertThat(json(history.out()).path("revisions"))
        .extracting(r -> r.path("revision").asInt())
        .containsExactly(2, 1);
    assertThat(onQwen("history").out())
        .startsWith("REVISION")
        .containsPattern("2 \\(live\\) +qwen3-8b")
        .containsPattern("\\n1 +qwen3-8b");

    CliRun uninstall = onQwen("uninstall", "-o", "json");
    assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
    assertThat(api.problems("DELETE", release, 200, uninstall.out())).isEmpty();
  }

  private static JsonNode json(String text) throws IOException {
    return new ObjectMapper().readTree(text);
  }

  @Test
  void installAdoptTakesInAReleaseHelmInstalledWithTheSameValuesAndChangesNothing()
      throws IOException {
    Plan plan = cluster.plan("qwen", "replicaCount: 1");
    Path file = dir.resolve("adopt.json");
    Files.writeString(file, PlanJson.toJson(plan));
    List<String> helm =
        new ArrayList<>(
            List.of(
                "install",
                "qwen",
                TestCharts.exampleCharts().resolve("sglang").toString(),
                "-n",
                cluster.namespace()));
    for (Map.Entry<String, Map<String, Object>> layer : plan.layers().entrySet()) {
      Path values = dir.resolve("layer-" + layer.getKey() + ".yaml");
      Files.writeString(values, Yaml.write(layer.getValue()));
      helm.addAll(List.of("-f", values.toString()));
    }
    new HelmCli(cluster.kubeconfig()).ok(helm.toArray(String[]::new));

    CliRun adopt = swiss("install", "--plan", file.toString(), "--adopt", "--note", "found");

    assertThat(adopt.exitCode()).as(adopt.err()).isZero();
    assertThat(adopt.out()).contains("revision 1");
    assertThat(adopt.err()).contains("adopted", "the release was not changed");
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-qwen"))
        .hasValueSatisfying(
            files -> assertThat(files.get("status.yaml")).contains("action: adopt"));
  }

  private Path planFile(String name, String form) throws IOException {
    Plan plan = cluster.plan("qwen", form);
    Path file = dir.resolve(name);
    Files.writeString(file, PlanJson.toJson(plan));
    return file;
  }

  /** A command naming release qwen in the test's namespace, then {@code flags}. */
  private CliRun onQwen(String command, String... flags) {
    List<String> args =
        new ArrayList<>(List.of(command, "--release", "qwen", "--namespace", cluster.namespace()));
    args.addAll(List.of(flags));
    return swiss(args.toArray(String[]::new));
  }

  /**
   * {@code swiss} with the test cluster's kubeconfig and, unless the test brings its own, a config
   * that serves the test's namespace only: preflight's claim rules then look there, as a server
   * scoped to it would, not at the releases other tests hold elsewhere on the shared cluster.
   */
  private CliRun swiss(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    if (!args[0].equals("render")) {
      all.addAll(List.of("--kubeconfig", cluster.kubeconfig().toString()));
    }
    if (!all.contains("--config")) {
      all.addAll(List.of("--config", CliRun.servingOnly(dir, cluster.namespace()).toString()));
    }
    return CliRun.of(all.toArray(String[]::new));
  }
}
