package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.OpenApiContract;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line through a swiss server: {@code swiss login} keeps a session, and the commands go
 * through the server's API with the same flags, output and exit codes; the server acts with its
 * credentials and records the runs under the signed-in user.
 */
@ClusterTest
class ThroughAServerOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;
  private TestServer server;

  @BeforeEach
  void startAServerAndSignIn() {
    server =
        TestServer.onDemoSite(
            dir,
            cluster,
            "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n");
    CliRun login = CliRun.login(server);
    assertThat(login.exitCode()).as(login.err()).isZero();
    assertThat(login.out()).contains("logged in to " + server.url() + " as " + TestServer.USER);
  }

  @AfterEach
  void signOutAndStop() {
    CliRun.of("logout");
    server.close();
  }

  /** A command on release qwen in the test's namespace, through the saved session. */
  private CliRun swiss(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--namespace", cluster.namespace()));
    return CliRun.of(all.toArray(String[]::new));
  }

  @Test
  void theSessionIsKeptForTheUserAloneAndNeverPrinted() throws Exception {
    Path saved = SavedSession.file();

    assertThat(Files.getPosixFilePermissions(saved))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(new ObjectMapper().readTree(saved.toFile()).path("token").asText()).isNotEmpty();
    CliRun logout = CliRun.of("logout");
    assertThat(logout.out()).contains("logged out of " + server.url());
    assertThat(saved).doesNotExist();
  }

  @Test
  void installDiffApplyRollbackAndUninstallGoThroughTheServerUnderTheSignedInUser()
      throws Exception {
    String model = "--model=smollm3-3b";

    CliRun install = swiss("install", model, "--release", "qwen", "--set", "replicaCount=1");
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(install.out()).contains(cluster.namespace() + "/qwen revision 1");

    CliRun same = swiss("diff", model, "--release", "qwen", "--set", "replicaCount=1");
    assertThat(same.exitCode()).as(same.err() + same.out()).isZero();
    CliRun changed = swiss("diff", model, "--release", "qwen", "--set", "replicaCount=3");
    assertThat(changed.exitCode()).as("diff exits 2 through the server too").isEqualTo(2);
    assertThat(changed.out()).contains("replicas: 3");

    CliRun stale =
        swiss(
            "apply",
            model,
            "--release",
            "qwen",
            "--set",
            "replicaCount=3",
            "--expect-revision",
            "7");
    assertThat(stale.exitCode()).isEqualTo(1);
    assertThat(stale.err()).contains("409");
    CliRun apply =
        swiss(
            "apply",
            model,
            "--release",
            "qwen",
            "--set",
            "replicaCount=3",
            "--expect-revision",
            "1",
            "--wait",
            "--timeout",
            "60s");
    assertThat(apply.exitCode()).as(apply.err()).isZero();
    assertThat(apply.out()).contains("revision 2");
    assertThat(apply.err()).contains("ready: 3/3 pods ready");

    CliRun status = swiss("status", "--release", "qwen", "-o", "json");
    assertThat(status.exitCode()).as(status.err()).isZero();
    String path = "/api/releases/%s/qwen/status".formatted(cluster.namespace());
    assertThat(OpenApiContract.get().problems("GET", path, 200, status.out())).isEmpty();
    assertThat(swiss("status", "--release", "qwen").out()).contains("revision  2");
    assertThat(swiss("list").out()).contains("qwen", "smollm3-3b");

    CliRun choices = swiss("rollback", "--release", "qwen");
    assertThat(choices.exitCode()).as(choices.err()).isZero();
    assertThat(choices.out()).contains("can roll back to revision 1");
    CliRun rollback =
        swiss("rollback", "--release", "qwen", "--to-revision", "1", "--expect-revision", "2");
    assertThat(rollback.exitCode()).as(rollback.err()).isZero();
    assertThat(rollback.out()).contains("revision 3");
    CliRun uninstall = swiss("uninstall", "--release", "qwen");
    assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();

    JsonNode runs = TestServer.json(server.get("/api/runs?release=qwen", bearer()).body());
    assertThat(runs.path("runs"))
        .extracting(run -> run.path("action").asText())
        .as("the stale apply was refused before it ran, so it recorded nothing")
        .containsExactly("uninstall", "rollback", "apply", "install");
    assertThat(runs.path("runs"))
        .allSatisfy(run -> assertThat(run.path("actor").asText()).isEqualTo(TestServer.USER));
  }

  @Test
  void planDiffInstallHistoryAndUninstallPrintTheServersAnswersWithOutputJson() throws Exception {
    OpenApiContract api = OpenApiContract.get();
    String release = "/api/releases/%s/llama".formatted(cluster.namespace());
    String[] compose = {"--model=smollm3-3b", "--release", "llama"};

    CliRun plan = swiss(concat(new String[] {"plan", "-o", "json"}, compose));
    assertThat(plan.exitCode()).as(plan.err()).isZero();
    assertThat(api.problems("POST", "/api/plans", 200, plan.out())).isEmpty();
    assertThat(json(plan.out()).at("/release/namespace").asText()).isEqualTo(cluster.namespace());
    CliRun explained = swiss(concat(new String[] {"plan", "--explain"}, compose));
    assertThat(explained.out()).as("the server's plan, explained here").contains("catalog");

    CliRun diff = swiss(concat(new String[] {"diff", "-o", "json"}, compose));
    assertThat(diff.exitCode()).as("a release that does not exist yet is all change").isEqualTo(2);
    assertThat(api.problems("POST", "/api/diff", 200, diff.out())).isEmpty();
    assertThat(json(diff.out()).path("exists").asBoolean()).isFalse();

    CliRun install = swiss(concat(new String[] {"install", "-o", "json"}, compose));
    assertThat(install.exitCode()).as(install.err()).isZero();
    assertThat(api.problems("POST", "/api/install", 200, install.out())).isEmpty();
    assertThat(json(install.out()).path("planHash").asText())
        .isEqualTo(json(plan.out()).path("hash").asText());

    CliRun history = swiss("history", "--release", "llama", "-o", "json");
    assertThat(history.exitCode()).as(history.err()).isZero();
    assertThat(api.problems("GET", release + "/revisions", 200, history.out())).isEmpty();
    assertThat(swiss("history", "--release", "llama").out())
        .containsPattern("1 \\(live\\) +smollm3-3b");

    CliRun uninstall = swiss("uninstall", "--release", "llama", "-o", "json");
    assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
    assertThat(api.problems("DELETE", release, 200, uninstall.out())).isEmpty();
  }

  @Test
  void catalogShowAsksTheServerAndReadsTheSameAsHere() throws Exception {
    CliRun json = CliRun.of("catalog", "show", "smollm3-3b", "-o", "json");
    CliRun table = CliRun.of("catalog", "show", "smollm3-3b");
    CliRun unknown = CliRun.of("catalog", "show", "../session");

    assertThat(json.exitCode()).as(json.err()).isZero();
    assertThat(OpenApiContract.get().problems("GET", "/api/catalog/smollm3-3b", 200, json.out()))
        .isEmpty();
    assertThat(json(json.out()).path("localPath").asText())
        .as("what the server's site makes of the model")
        .isNotEmpty();
    assertThat(table.out()).contains("(smollm3-3b)", "variants:");
    assertThat(unknown.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(unknown.err()).contains("404");
  }

  @Test
  void theCatalogListedIsTheServers() {
    CliRun table = CliRun.of("catalog", "list");
    CliRun json = CliRun.of("catalog", "list", "-o", "json");

    assertThat(table.exitCode()).as(table.err()).isZero();
    assertThat(table.out()).startsWith("MODEL").contains("smollm3-3b", "mistral-small-24b");
    assertThat(OpenApiContract.get().problems("GET", "/api/catalog", 200, json.out())).isEmpty();
  }

  @Test
  void withoutASessionTheServerRefusesAndTheCommandSaysHowToSignIn() {
    CliRun.of("logout");

    CliRun list = CliRun.of("list", "--server", server.url());

    assertThat(list.exitCode()).isEqualTo(ExitCodes.FORBIDDEN);
    assertThat(list.err()).contains("401", "swiss login " + server.url());
  }

  private static JsonNode json(String text) throws java.io.IOException {
    return new ObjectMapper().readTree(text);
  }

  private static String[] concat(String[] head, String[] tail) {
    String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  private String[] bearer() {
    String token = SavedSession.load().orElseThrow().token();
    return new String[] {"Authorization", "Bearer " + token};
  }
}
