package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line without {@code --server} writes through the use cases {@code swiss serve}
 * assembles (issue 39): a site that requires approval refuses it before anything is written,
 * preflight checks its installs unless {@code --skip-preflight} says otherwise (and the release's
 * history then shows it), and the config's plan history is kept. Driven through {@link
 * Main#commandLine()} against the test cluster, with our demo catalog and charts.
 */
@ClusterTest
class LocalWritesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "smollm3-3b";

  @TempDir Path dir;

  @BeforeEach
  void writeTheSite() throws IOException {
    site("", 0);
  }

  /** The config (with {@code server:} lines) and the demo profile (with {@code profileLines}). */
  private void site(String profileLines, int planHistory) throws IOException {
    Files.writeString(dir.resolve("profile.yaml"), TestServer.DEMO_PROFILE + profileLines);
    Files.writeString(
        dir.resolve("swiss.yaml"),
        """
        catalog: %s
        cluster:
          namespaces: [%s]
          kubeconfig: %s
          profile:
            file: ./profile.yaml
        %s"""
            .formatted(
                TestServer.DEMO_CATALOG,
                cluster.namespace(),
                cluster.kubeconfig(),
                planHistory > 0 ? "server:\n  planHistory: " + planHistory + "\n" : ""));
  }

  /** {@code swiss <command>} on release {@code release} of the demo model, then {@code flags}. */
  private CliRun swiss(String command, String release, String... flags) {
    List<String> args =
        new ArrayList<>(
            List.of(
                command,
                "--model",
                MODEL,
                "--release",
                release,
                "--namespace",
                cluster.namespace(),
                "--config",
                dir.resolve("swiss.yaml").toString()));
    args.addAll(List.of(flags));
    return CliRun.of(args.toArray(String[]::new));
  }

  private CliRun history(String release) {
    return onRelease("history", release);
  }

  private CliRun uninstall(String release) {
    return onRelease("uninstall", release);
  }

  /** A command that names the release alone, not a plan. */
  private CliRun onRelease(String command, String release) {
    return CliRun.of(
        command,
        "--release",
        release,
        "--namespace",
        cluster.namespace(),
        "--config",
        dir.resolve("swiss.yaml").toString());
  }

  private static void ok(CliRun run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
  }

  private Map<String, String> planFiles(String release) {
    return cluster
        .kube()
        .configMap(cluster.namespace(), PlanConfigMapName.of(release).toString())
        .orElseThrow();
  }

  @Test
  void onASiteThatRequiresApprovalALocalApplyIsRefusedWithTheWayThroughAServerAndWritesNothing()
      throws IOException {
    ok(swiss("install", "chat"));
    Map<String, String> before = planFiles("chat");
    site("requireApproval: true\n", 0);

    CliRun apply = swiss("apply", "chat", "--set", "replicaCount=2");
    CliRun uninstall = uninstall("chat");
    CliRun install = swiss("install", "second");

    for (CliRun refused : List.of(apply, uninstall, install)) {
      assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.FORBIDDEN);
      assertThat(refused.err())
          .contains("requires an approval", "requireApproval", "swiss login", "--server")
          .contains("was not written");
    }
    assertThat(planFiles("chat")).as("the release's record").isEqualTo(before);
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-second")).isEmpty();
    assertThat(cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems())
        .as("helm's revisions")
        .extracting(s -> s.getMetadata().getName())
        .containsExactly("sh.helm.release.v1.chat.v1");
  }

  @Test
  void aPlanPreflightRefusesIsInstalledOnlyWithSkipPreflightAndTheHistoryShowsTheSkip() {
    ok(swiss("install", "first", "--service-id", "shared"));

    CliRun checked = swiss("install", "second", "--service-id", "shared");
    assertThat(checked.exitCode()).as(checked.err()).isEqualTo(ExitCodes.FAILED);
    assertThat(checked.err()).contains("service id \"shared\" is already used", "first");
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-second")).isEmpty();

    CliRun skipped = swiss("install", "second", "--service-id", "shared", "--skip-preflight");
    ok(skipped);
    assertThat(planFiles("second").get("status.yaml")).contains("preflightSkipped: true");
    assertThat(history("second").out()).contains("1 (live, preflight skipped)");

    ok(uninstall("first"));
    ok(swiss("apply", "second", "--set", "replicaCount=2"));
    CliRun after = history("second");
    assertThat(after.out())
        .as("the checked apply is not marked, the skipped install still is")
        .contains("2 (live)", "1 (preflight skipped)");
  }

  @Test
  void theConfigsPlanHistoryIsHowManyPlansTheCommandLineKeeps() throws IOException {
    site("", 2);
    ok(swiss("install", "kept"));
    for (int replicas = 2; replicas <= 4; replicas++) {
      ok(swiss("apply", "kept", "--set", "replicaCount=" + replicas));
    }

    assertThat(cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems())
        .extracting(secret -> secret.getMetadata().getName())
        .filteredOn(name -> name.startsWith(PlanArchive.PREFIX))
        .as("the plans of the two newest earlier revisions, not the default five")
        .containsExactlyInAnyOrder(
            PlanArchive.secretName("kept", 2), PlanArchive.secretName("kept", 3));
  }
}
