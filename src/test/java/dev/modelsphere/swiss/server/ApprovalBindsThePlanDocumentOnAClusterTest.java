package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39 on a site that requires approval: composing again under the same hash replaces the
 * stored plan (decision 0011), so an approval asked before that must not carry the new plan's
 * {@code createNamespace} along. alice asks, bob approves; both are users a trusted proxy names.
 */
@ClusterTest
class ApprovalBindsThePlanDocumentOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "smollm3-3b";
  private static final String SERVER =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n";
  private static final String PROTECTED =
      TestServer.DEMO_PROFILE + "requireApproval: true\napprovers: [bob]\n";

  @TempDir Path dir;
  private TestServer server;
  private String made;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    if (made != null) {
      cluster.admin().namespaces().withName(made).delete();
    }
  }

  private static String[] as(String user) {
    return new String[] {"Authorization", "Bearer " + TestServer.PROXY_KEY, "X-Remote-User", user};
  }

  private TestServer.Reply post(String user, String path, String body) {
    return server.post(path, body, as(user));
  }

  /** alice asks for an install of {@code planHash}, bob approves; answers the request's id. */
  private long approvedInstall(String planHash) {
    long id =
        post(
                "alice",
                "/api/approvals",
                "{\"action\": \"install\", \"namespace\": \"%s\", \"release\": \"%s\", \"planHash\": \"%s\"}"
                    .formatted(made, MODEL, planHash))
            .ok()
            .path("id")
            .asLong();
    post("bob", "/api/approvals/%d/approve".formatted(id), "").ok();
    return id;
  }

  private List<String> writesOf(String release) {
    List<String> runs = new ArrayList<>();
    for (JsonNode run : server.get("/api/runs?release=" + release, as("bob")).ok().path("runs")) {
      if (!run.path("action").asText().startsWith("approval-")) {
        runs.add(
            "%s %s %s"
                .formatted(
                    run.path("actor").asText(),
                    run.path("action").asText(),
                    run.path("approvedBy").asText()));
      }
    }
    return runs;
  }

  @Test
  void anApprovalAskedBeforeThePlanWasComposedAgainWithCreateNamespaceDoesNotAllowIt() {
    // The test namespace's random suffix keeps it apart from other runs.
    made = "t-approved" + cluster.namespace().substring(cluster.namespace().lastIndexOf('-'));
    server = TestServer.onDemoSiteWithProfile(dir, cluster, made, SERVER, PROTECTED);
    String compose = "{\"model\": \"%s\", \"namespace\": \"%s\"".formatted(MODEL, made);
    String hash = post("alice", "/api/plans", compose + "}").ok().path("hash").asText();
    long asked = approvedInstall(hash);

    JsonNode again = post("alice", "/api/plans", compose + ", \"createNamespace\": true}").ok();
    TestServer.Reply refused =
        post("alice", "/api/install", "{\"planHash\": \"%s\"}".formatted(hash));

    assertThat(again.path("hash").asText())
        .as("the hash leaves createNamespace out")
        .isEqualTo(hash);
    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(TestServer.json(refused.body()).path("error").asText())
        .contains(
            "approval #" + asked,
            "createNamespace true where false was approved",
            "POST /api/approvals again",
            "nothing was written");
    assertThat(cluster.admin().namespaces().withName(made).get())
        .as("the namespace was not created")
        .isNull();
    assertThat(writesOf(MODEL)).as("no install was run").isEmpty();

    approvedInstall(hash);
    JsonNode installed =
        post("alice", "/api/install", "{\"planHash\": \"%s\"}".formatted(hash)).ok();

    assertThat(installed.path("revision").asInt()).isEqualTo(1);
    assertThat(cluster.admin().namespaces().withName(made).get()).isNotNull();
    assertThat(writesOf(MODEL)).containsExactly("alice install bob");
  }
}
