package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write through a server on a site whose profile says {@code requireApproval: true} waits for
 * approval as the web UI does: the command asks for one for exactly this write, says how another
 * user approves it, waits, then writes once, spending it; a rejection fails it with the decider's
 * note. Another user (bob, named by the site's trusted proxy) decides through the API meanwhile.
 */
@ClusterTest
class ApprovalWaitThroughAServerOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String RELEASE = "gated";

  @TempDir Path dir;
  private TestServer server;

  @BeforeEach
  void startAProtectedSiteAndSignIn() {
    server =
        TestServer.onCluster(
            dir,
            cluster,
            cluster.admin(),
            "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n",
            TestServer.DEMO_CATALOG,
            TestServer.DEMO_PROFILE + "requireApproval: true\n");
    CliRun login = CliRun.login(server);
    assertThat(login.exitCode()).as(login.err()).isZero();
  }

  @AfterEach
  void signOutAndStop() {
    CliRun.of("logout");
    server.close();
  }

  /** A write of the release through the server, the server named before the command. */
  private String[] write(String verb, String... more) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "--server",
                server.url(),
                verb,
                "--model=smollm3-3b",
                "--release",
                RELEASE,
                "--namespace",
                cluster.namespace()));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  private static CompletableFuture<CliRun> inTheBackground(String... args) {
    return CompletableFuture.supplyAsync(() -> CliRun.of(args));
  }

  /** The requests for the release, newest first, as bob reads them. */
  private List<JsonNode> approvals() {
    JsonNode listed =
        asBob(
                "GET",
                "/api/approvals?namespace=%s&release=%s".formatted(cluster.namespace(), RELEASE),
                null)
            .ok();
    return StreamSupport.stream(listed.path("approvals").spliterator(), false).toList();
  }

  /** The id of the one pending request of {@code action}, once the command has asked for it. */
  private long awaitPending(String action) {
    return Awaitility.await()
        .alias("the command's request for approval of the " + action)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () ->
                approvals().stream()
                    .filter(a -> a.path("state").asText().equals("pending"))
                    .filter(a -> a.path("action").asText().equals(action))
                    .mapToLong(a -> a.path("id").asLong())
                    .findFirst()
                    .orElse(0),
            id -> id > 0);
  }

  private TestServer.Reply asBob(String method, String path, String body) {
    String[] headers = {"Authorization", "Bearer " + TestServer.PROXY_KEY, "X-Remote-User", "bob"};
    return method.equals("GET") ? server.get(path, headers) : server.post(path, body, headers);
  }

  private JsonNode approval(long id) {
    return asBob("GET", "/api/approvals/" + id, null).ok();
  }

  private static CliRun done(CompletableFuture<CliRun> run) throws Exception {
    return run.get(120, TimeUnit.SECONDS);
  }

  @Test
  void anInstallAndThenAnApplyEachWaitForAnotherUsersApprovalAndWriteOnceSpendingIt()
      throws Exception {
    CompletableFuture<CliRun> install = inTheBackground(write("install"));
    long installId = awaitPending("install");
    assertThat(install).isNotDone();
    assertThat(asBob("POST", "/api/approvals/%d/approve".formatted(installId), "").status())
        .isEqualTo(200);

    CliRun installed = done(install);
    assertThat(installed.exitCode()).as(installed.err()).isZero();
    assertThat(installed.out()).contains(cluster.namespace() + "/" + RELEASE + " revision 1");
    assertThat(installed.err())
        .contains("swiss approve " + installId, "approval #%d given by bob".formatted(installId));
    assertThat(approval(installId).path("state").asText()).isEqualTo("spent");

    CompletableFuture<CliRun> apply =
        inTheBackground(write("apply", "--set", "replicaCount=2", "--note", "two replicas"));
    long applyId = awaitPending("apply");
    JsonNode asked = approval(applyId);
    assertThat(asked.path("requestedBy").asText()).isEqualTo(TestServer.USER);
    assertThat(asked.path("note").asText()).isEqualTo("two replicas");
    assertThat(asBob("POST", "/api/approvals/%d/approve".formatted(applyId), "").status())
        .isEqualTo(200);

    CliRun applied = done(apply);
    assertThat(applied.exitCode()).as(applied.err()).isZero();
    assertThat(applied.out()).contains(cluster.namespace() + "/" + RELEASE + " revision 2");
    assertThat(approval(applyId).path("state").asText()).isEqualTo("spent");
    assertThat(approvals()).hasSize(2);
  }

  @Test
  void aWriteWithoutAnApprovalIsRefusedWithAReasonAClientReadsInsteadOfTheMessage() {
    String plan =
        "{\"model\": \"smollm3-3b\", \"release\": \"%s\", \"namespace\": \"%s\"}"
            .formatted(RELEASE, cluster.namespace());
    String hash = asBob("POST", "/api/plans", plan).ok().path("hash").asText();

    TestServer.Reply refused =
        asBob("POST", "/api/install", "{\"planHash\": \"%s\"}".formatted(hash));

    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(TestServer.json(refused.body()).path("reason").asText())
        .isEqualTo("approvalRequired");
  }

  @Test
  void aRejectedRequestFailsTheWriteWithTheDecidersNoteAndWritesNothing() throws Exception {
    CompletableFuture<CliRun> install = inTheBackground(write("install"));
    long id = awaitPending("install");
    TestServer.Reply rejected =
        asBob(
            "POST",
            "/api/approvals/%d/reject".formatted(id),
            "{\"note\": \"not before the freeze ends\"}");
    assertThat(rejected.status()).as(rejected.body()).isEqualTo(200);

    CliRun refused = done(install);
    assertThat(refused.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(refused.err())
        .contains("approval #%d was rejected by bob".formatted(id))
        .contains("not before the freeze ends")
        .contains("nothing was written");
    assertThat(
            cluster
                .admin()
                .secrets()
                .inNamespace(cluster.namespace())
                .withLabel("owner", "helm")
                .list()
                .getItems())
        .as("helm's release records")
        .isEmpty();
  }

  @Test
  void withoutWaitingTheCommandAsksOnceAndRunsAgainWithTheSameRequestOnceApproved() {
    CliRun first = CliRun.of(write("install", "--no-wait-approval"));
    assertThat(first.exitCode()).as(first.err()).isEqualTo(ExitCodes.TRY_AGAIN_LATER);
    long id = awaitPending("install");
    assertThat(first.err()).contains("swiss approve " + id, "run this command again");

    CliRun again = CliRun.of(write("install", "--no-wait-approval"));
    assertThat(again.exitCode()).isEqualTo(ExitCodes.TRY_AGAIN_LATER);
    assertThat(again.err())
        .contains("your request #%d for exactly this write is pending".formatted(id));
    assertThat(approvals()).hasSize(1);

    assertThat(asBob("POST", "/api/approvals/%d/approve".formatted(id), "").status())
        .isEqualTo(200);
    CliRun installed = CliRun.of(write("install", "--no-wait-approval"));
    assertThat(installed.exitCode()).as(installed.err()).isZero();
    assertThat(installed.out()).contains("revision 1");
    assertThat(approval(id).path("state").asText()).isEqualTo("spent");
    assertThat(approvals()).hasSize(1);

    // The two lists are read one after the other while the new pod may still be starting: they
    // agree once the watch has the pod as it settles.
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              CliRun before = CliRun.of("--server", server.url(), "-o", "json", "list", "-A");
              CliRun after = CliRun.of("list", "-A", "--server", server.url(), "-o", "json");
              assertThat(before.exitCode()).as(before.err()).isZero();
              assertThat(before.out()).isEqualTo(after.out()).contains("\"" + RELEASE + "\"");
            });
  }
}
