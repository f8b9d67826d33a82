package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second pair of eyes on a protected site (issue 20): with {@code requireApproval} in the site
 * profile, alice's writes need bob's approval of exactly that write. alice and bob are users a
 * trusted front proxy names ({@code X-Remote-User} with the proxy's key), as a company's SSO proxy
 * would.
 */
@ClusterTest
class ApprovalsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String SERVER =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n";
  private static final String PROTECTED = TestServer.DEMO_PROFILE + "requireApproval: true\n";

  @TempDir Path dir;
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private void serve(String serverYaml, String profile) {
    server =
        TestServer.onCluster(
            dir, cluster, cluster.admin(), serverYaml, TestServer.DEMO_CATALOG, profile);
  }

  private TestServer.Reply as(String user, String path, String body) {
    return server.post(path, body, headers(user));
  }

  private JsonNode ok(String user, String path, String body) {
    TestServer.Reply r = as(user, path, body);
    assertThat(r.status()).as("%s POST %s %s: %s", user, path, body, r.body()).isEqualTo(200);
    return TestServer.json(r.body());
  }

  private JsonNode refused(String user, String path, String body, int status) {
    TestServer.Reply r = as(user, path, body);
    assertThat(r.status()).as("%s POST %s %s: %s", user, path, body, r.body()).isEqualTo(status);
    return TestServer.json(r.body());
  }

  private JsonNode get(String user, String path) {
    TestServer.Reply r = server.get(path, headers(user));
    assertThat(r.status()).as("GET %s: %s", path, r.body()).isEqualTo(200);
    return TestServer.json(r.body());
  }

  private static String[] headers(String user) {
    return new String[] {"Authorization", "Bearer " + TestServer.PROXY_KEY, "X-Remote-User", user};
  }

  private String compose(String user, String release, int replicas) {
    return ok(
            user,
            "/api/plans",
            """
            {"model": "smollm3-3b", "namespace": "%s", "serviceId": "%s",
             "overrides": {"replicaCount": %d}}
            """
                .formatted(cluster.namespace(), release, replicas))
        .path("hash")
        .asText();
  }

  private String ask(String action, String release, String planOrRevision) {
    String what =
        planOrRevision.startsWith("sha256:")
            ? "\"planHash\": \"%s\"".formatted(planOrRevision)
            : "\"toRevision\": %s".formatted(planOrRevision);
    return """
        {"action": "%s", "namespace": "%s", "release": "%s", %s, "note": "please"}
        """
        .formatted(action, cluster.namespace(), release, what);
  }

  private List<String> auditedActions(String release) {
    List<String> actions = new ArrayList<>();
    for (JsonNode run : get("bob", "/api/runs?release=" + release).path("runs")) {
      actions.add(run.path("actor").asText() + " " + run.path("action").asText());
    }
    return actions;
  }

  @Test
  void aliceInstallsOnlyWithBobsApprovalOfThatPlanAndTheRunShowsBoth() {
    serve(SERVER, PROTECTED);
    String plan = compose("alice", "guarded", 1);
    String install = "{\"planHash\": \"%s\"}".formatted(plan);

    JsonNode unapproved = refused("alice", "/api/install", install, 409);
    assertThat(unapproved.path("error").asText())
        .contains("requires an approval", "you have asked for none", "POST /api/approvals");

    JsonNode request = ok("alice", "/api/approvals", ask("install", "guarded", plan));
    long id = request.path("id").asLong();
    assertThat(request.path("state").asText()).isEqualTo("pending");
    assertThat(request.path("requestedBy").asText()).isEqualTo("alice");
    assertThat(
            refused("alice", "/api/approvals/%d/approve".formatted(id), "", 403)
                .path("error")
                .asText())
        .contains("another user must approve it");
    assertThat(refused("alice", "/api/install", install, 409).path("error").asText())
        .contains("#%d is still pending".formatted(id));

    JsonNode approved =
        ok("bob", "/api/approvals/%d/approve".formatted(id), "{\"note\": \"looks right\"}");
    assertThat(approved.path("state").asText()).isEqualTo("approved");
    assertThat(approved.path("decidedBy").asText()).isEqualTo("bob");
    JsonNode installed = ok("alice", "/api/install", install);

    assertThat(installed.path("revision").asInt()).isEqualTo(1);
    JsonNode run = get("bob", "/api/runs?release=guarded&action=install").path("runs").path(0);
    assertThat(run.path("actor").asText()).isEqualTo("alice");
    assertThat(run.path("approvedBy").asText()).isEqualTo("bob");
    assertThat(get("bob", "/api/approvals/" + id).path("state").asText()).isEqualTo("spent");
    assertThat(auditedActions("guarded"))
        .containsExactly("alice install", "bob approval-approve", "alice approval-request");
    assertThat(
            refused("bob", "/api/approvals/%d/approve".formatted(id), "", 409)
                .path("error")
                .asText())
        .contains("spent, not pending");
  }

  @Test
  void anApprovalAllowsOneWriteOfItsPlanAndNotOnceTheReleaseMoved() {
    serve(SERVER, PROTECTED);
    String first = compose("alice", "once", 1);
    long installId =
        ok("alice", "/api/approvals", ask("install", "once", first)).path("id").asLong();
    ok("bob", "/api/approvals/%d/approve".formatted(installId), "");
    ok("alice", "/api/install", "{\"planHash\": \"%s\"}".formatted(first));
    String second = compose("alice", "once", 2);
    long applyId = ok("alice", "/api/approvals", ask("apply", "once", second)).path("id").asLong();
    ok("bob", "/api/approvals/%d/approve".formatted(applyId), "");
    String apply = "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second);

    JsonNode otherPlan =
        refused(
            "alice",
            "/api/apply",
            "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(compose("alice", "once", 3)),
            409);
    assertThat(otherPlan.path("error").asText()).contains("you have asked for none");
    assertThat(ok("alice", "/api/apply", apply).path("revision").asInt()).isEqualTo(2);
    assertThat(refused("alice", "/api/apply", apply, 409).path("error").asText())
        .contains("#%d is spent".formatted(applyId));

    // The release moves behind the approval's back (a write with cluster credentials).
    long rollbackId =
        ok("alice", "/api/approvals", ask("rollback", "once", "1")).path("id").asLong();
    ok("bob", "/api/approvals/%d/approve".formatted(rollbackId), "");
    cluster
        .deployer()
        .apply(cluster.plan("once", "replicaCount: 4"), Mode.UPGRADE, ApplyOptions.apply(2));
    JsonNode moved =
        refused(
            "alice",
            "/api/releases/%s/once/rollback".formatted(cluster.namespace()),
            "{\"toRevision\": 1, \"expectRevision\": 3}",
            409);
    assertThat(moved.path("error").asText()).contains("moved from revision 2", "to 3");
  }

  @Test
  void aRequestPastItsExpiryCannotBeApprovedAndItsExpiryIsAudited() {
    serve(SERVER + "  approvalTTL: 2h\n", PROTECTED);
    String plan = compose("alice", "late", 1);
    long id = ok("alice", "/api/approvals", ask("install", "late", plan)).path("id").asLong();
    assertThat(get("bob", "/api/approvals/" + id).path("expiresAt").asText())
        .isEqualTo(server.clock.instant().plus(Duration.ofHours(2)).toString());

    server.clock.advance(Duration.ofHours(2));

    assertThat(get("bob", "/api/approvals/" + id).path("state").asText()).isEqualTo("expired");
    assertThat(
            refused("bob", "/api/approvals/%d/approve".formatted(id), "", 409)
                .path("error")
                .asText())
        .contains("expired, not pending");
    assertThat(auditedActions("late"))
        .containsExactly("swiss approval-expire", "alice approval-request");
    assertThat(
            refused("alice", "/api/install", "{\"planHash\": \"%s\"}".formatted(plan), 409)
                .path("error")
                .asText())
        .contains("#%d is expired".formatted(id));
  }

  @Test
  void badRequestsAreRefusedNamingTheProblemAndAnUnprotectedSiteNeedsNoApproval() {
    serve(SERVER, TestServer.DEMO_PROFILE);
    String plan = compose("alice", "free", 1);

    assertThat(
            refused("alice", "/api/approvals", ask("deploy", "free", plan), 400)
                .path("error")
                .asText())
        .contains("needs no approval");
    assertThat(
            refused("alice", "/api/approvals", ask("install", "free", "2"), 400)
                .path("error")
                .asText())
        .contains("send its planHash");
    assertThat(
            refused("alice", "/api/approvals", ask("install", "free", "sha256:0000"), 404)
                .path("error")
                .asText())
        .contains("no plan sha256:0000");
    assertThat(
            refused("alice", "/api/approvals", ask("install", "elsewhere", plan), 400)
                .path("error")
                .asText())
        .contains("is for " + cluster.namespace() + "/free");
    assertThat(
            refused(
                    "alice",
                    "/api/approvals",
                    "{\"action\": \"uninstall\", \"namespace\": \"%s\", \"release\": \"Not_A_Name\"}"
                        .formatted(cluster.namespace()),
                    400)
                .path("error")
                .asText())
        .as("a name no release can have is refused before anything is looked up")
        .contains("Not_A_Name");
    assertThat(server.get("/api/approvals?state=maybe", headers("bob")).status()).isEqualTo(400);
    assertThat(server.get("/api/approvals/nine", headers("bob")).status()).isEqualTo(400);
    assertThat(server.get("/api/approvals/999", headers("bob")).status()).isEqualTo(404);

    JsonNode installed = ok("alice", "/api/install", "{\"planHash\": \"%s\"}".formatted(plan));
    assertThat(installed.path("revision").asInt()).isEqualTo(1);
    assertThat(get("bob", "/api/runs?release=free").path("runs").path(0).has("approvedBy"))
        .isFalse();
  }
}
