package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approvals from the command line (issue 20): on a site that requires approval, the signed-in user
 * asks with {@code swiss approvals request} (an install asks by itself too, here withdrawn), cannot
 * {@code swiss approve} their own request, another user (bob, named by the trusted proxy) approves
 * it, and the install then goes through.
 */
@ClusterTest
class ApprovalsThroughAServerOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

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

  private CliRun onRelease(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of("--model=smollm3-3b", "--release", "gated", "--namespace", cluster.namespace()));
    return CliRun.of(all.toArray(String[]::new));
  }

  @Test
  void anInstallWaitsForAnotherUsersApprovalAskedAndListedFromTheCommandLine() throws Exception {
    CliRun unapproved = onRelease("install", "--no-wait-approval");
    assertThat(unapproved.exitCode()).isEqualTo(ExitCodes.TRY_AGAIN_LATER);
    assertThat(unapproved.err()).contains("requires an approval", "swiss approve");
    // The install asked for approval itself; this user withdraws that request to ask by hand.
    String asked = unapproved.err().replaceAll("(?s)^.*asked for it as #(\\d+).*$", "$1");
    CliRun withdrawn = CliRun.of("approve", asked, "--reject", "--note", "asking by hand");
    assertThat(withdrawn.exitCode()).as(withdrawn.err()).isZero();

    CliRun plan = onRelease("plan", "-o", "json");
    assertThat(plan.exitCode()).as(plan.err()).isZero();
    String hash = new ObjectMapper().readTree(plan.out()).path("hash").asText();
    CliRun request =
        CliRun.of(
            "approvals",
            "request",
            "--action",
            "install",
            "--namespace",
            cluster.namespace(),
            "--release",
            "gated",
            "--plan-hash",
            hash,
            "--note",
            "first model on this site");
    assertThat(request.exitCode()).as(request.err()).isZero();
    String id = request.out().replaceAll("(?s)^approval #(\\d+) pending.*$", "$1");
    assertThat(id).as(request.out()).matches("\\d+");

    CliRun own = CliRun.of("approve", id);
    assertThat(own.exitCode()).isNotZero();
    assertThat(own.err()).contains("another user must approve it");
    TestServer.Reply bob =
        server.post(
            "/api/approvals/%s/approve".formatted(id),
            "",
            "Authorization",
            "Bearer " + TestServer.PROXY_KEY,
            "X-Remote-User",
            "bob");
    assertThat(bob.status()).as(bob.body()).isEqualTo(200);

    CliRun listed = CliRun.of("approvals", "--namespace", cluster.namespace());
    assertThat(listed.exitCode()).as(listed.err()).isZero();
    assertThat(listed.out())
        .contains("approved", "install", cluster.namespace() + "/gated", "bob", "first model");
    CliRun installed = onRelease("install");
    assertThat(installed.exitCode()).as(installed.err()).isZero();
    assertThat(installed.out()).contains("revision 1");
    JsonNode asJson = new ObjectMapper().readTree(CliRun.of("approvals", "-o", "json").out());
    assertThat(asJson.path("approvals").path(0).path("state").asText()).isEqualTo("spent");
  }
}
