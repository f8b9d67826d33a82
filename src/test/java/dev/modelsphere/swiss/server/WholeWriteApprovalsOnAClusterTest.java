package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.HelmCli;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SimulatedSloServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38, findings 6 and 7: an approval binds the whole write (its chart digest and force flags
 * too), adoptions and SLO writes spend approvals and are audited, and a second person is a second
 * person: not the same name in another case, nor the shared local login. alice asks, bob approves
 * (the profile names him as {@code Bob}); both are users a trusted proxy names.
 */
@ClusterTest
class WholeWriteApprovalsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String SERVER =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n";
  private static final String PROTECTED =
      TestServer.DEMO_PROFILE + "requireApproval: true\napprovers: [Bob, dan]\n";
  private static final String MODEL = "mistral-small-24b";
  private static final Pattern CONTENT_HASH = Pattern.compile("contentHash (sha256:[0-9a-f]{64})");

  @TempDir Path dir;
  private TestServer server;
  private SimulatedSloServer slo;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    if (slo != null) {
      slo.close();
    }
  }

  private void serve() {
    server =
        TestServer.onCluster(
            dir, cluster, cluster.admin(), SERVER, TestServer.DEMO_CATALOG, PROTECTED);
  }

  private static String[] as(String user) {
    return new String[] {"Authorization", "Bearer " + TestServer.PROXY_KEY, "X-Remote-User", user};
  }

  private TestServer.Reply post(String user, String path, String body) {
    return server.post(path, body, as(user));
  }

  private JsonNode refused(TestServer.Reply reply, int status) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    return TestServer.json(reply.body());
  }

  private JsonNode compose(String release) {
    return post(
            "alice",
            "/api/plans",
            """
            {"model": "%s", "version": "1.0.0", "namespace": "%s", "serviceId": "%s"}
            """
                .formatted(MODEL, cluster.namespace(), release))
        .ok();
  }

  /** alice asks for {@code what} on {@code release}, bob approves it; answers the request's id. */
  private long approved(String action, String release, String what) {
    String namespaced =
        release.isEmpty()
            ? ""
            : "\"namespace\": \"%s\", \"release\": \"%s\", "
                .formatted(cluster.namespace(), release);
    long id =
        post(
                "alice",
                "/api/approvals",
                "{\"action\": \"%s\", %s%s}".formatted(action, namespaced, what))
            .ok()
            .path("id")
            .asLong();
    post("bob", "/api/approvals/%d/approve".formatted(id), "").ok();
    return id;
  }

  private List<String> audited(String release) {
    List<String> runs = new ArrayList<>();
    for (JsonNode run : server.get("/api/runs?release=" + release, as("bob")).ok().path("runs")) {
      runs.add(
          "%s %s %s"
              .formatted(
                  run.path("actor").asText(),
                  run.path("action").asText(),
                  run.path("approvedBy").asText())
              .strip());
    }
    return runs;
  }

  @Test
  void anApprovedInstallCannotForceConflictsOrExpectAnotherChartAndARollbackCannotForceItsChart() {
    serve();
    String first = compose("bound").path("hash").asText();
    approved("install", "bound", "\"planHash\": \"%s\"".formatted(first));

    JsonNode forced =
        refused(
            post(
                "alice",
                "/api/install",
                "{\"planHash\": \"%s\", \"forceConflicts\": true}".formatted(first)),
            409);
    JsonNode otherChart =
        refused(
            post(
                "alice",
                "/api/install",
                "{\"planHash\": \"%s\", \"expectChartDigest\": \"sha256:%s\"}"
                    .formatted(first, "0".repeat(64))),
            409);
    assertThat(forced.path("error").asText())
        .contains("was given for another install", "forceConflicts true where false was approved");
    assertThat(otherChart.path("error").asText())
        .contains("expectChartDigest sha256:000", "where (none) was approved");
    post("alice", "/api/install", "{\"planHash\": \"%s\"}".formatted(first)).ok();

    String second =
        post(
                "alice",
                "/api/plans",
                """
                {"model": "%s", "version": "1.0.0", "namespace": "%s", "serviceId": "bound",
                 "overrides": {"replicaCount": 2}}
                """
                    .formatted(MODEL, cluster.namespace()))
            .ok()
            .path("hash")
            .asText();
    approved("apply", "bound", "\"planHash\": \"%s\"".formatted(second));
    post("alice", "/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second))
        .ok();
    approved("rollback", "bound", "\"toRevision\": 1");
    JsonNode forcedChart =
        refused(
            post(
                "alice",
                "/api/releases/%s/bound/rollback".formatted(cluster.namespace()),
                "{\"toRevision\": 1, \"expectRevision\": 2, \"forceChart\": true}"),
            409);
    assertThat(forcedChart.path("error").asText())
        .contains("forceChart true where false was approved");
    assertThat(audited("bound"))
        .filteredOn(run -> !run.contains("approval-"))
        .containsExactly("alice apply bob", "alice install bob");
  }

  @Test
  void aUserCannotApproveTheirOwnRequestUnderAnotherSpellingNorCanTheSharedLocalLogin() {
    serve();
    String plan = compose("twice").path("hash").asText();
    long id =
        post(
                "alice",
                "/api/approvals",
                "{\"action\": \"install\", \"namespace\": \"%s\", \"release\": \"twice\", \"planHash\": \"%s\"}"
                    .formatted(cluster.namespace(), plan))
            .ok()
            .path("id")
            .asLong();
    String approve = "/api/approvals/%d/approve".formatted(id);
    String token = server.login(TestServer.USER, TestServer.PASSWORD).sessionCookie();

    // The attack of finding 6: Alice approves what alice asked for.
    JsonNode byAlice = refused(post("Alice", approve, ""), 403);
    JsonNode byShoutingAlice = refused(post(" ALICE ", approve, ""), 403);
    JsonNode byTheLogin =
        refused(server.post(approve, "", "Authorization", "Bearer " + token), 403);
    JsonNode byCarol = refused(post("carol", approve, ""), 403);

    assertThat(byAlice.path("error").asText()).contains("yourself", "another user must approve it");
    assertThat(byShoutingAlice.path("error").asText()).contains("another user must approve it");
    assertThat(byTheLogin.path("error").asText())
        .contains(TestServer.USER, "shared account", "proves no second person");
    assertThat(byCarol.path("error").asText()).contains("carol may not approve", "Bob");
    JsonNode byBob = post("bob", approve, "").ok();
    assertThat(byBob.path("state").asText()).as("Bob in the profile is bob").isEqualTo("approved");
    assertThat(byBob.path("decidedBy").asText()).isEqualTo("bob");
  }

  @Test
  void adoptingAHandInstalledReleaseOnAProtectedSiteSpendsAnApproval() throws IOException {
    serve();
    JsonNode composed = compose("by-hand");
    String plan = composed.path("hash").asText();
    installWithHelmCli("by-hand", composed.path("layers"));
    String adopt = "{\"planHash\": \"%s\", \"adopt\": true}".formatted(plan);

    JsonNode unapproved = refused(post("alice", "/api/install", adopt), 409);
    assertThat(unapproved.path("error").asText())
        .contains("requires an approval of this adopt", "you have asked for none");
    refused(
        post(
            "alice",
            "/api/approvals",
            "{\"action\": \"adopt\", \"namespace\": \"%s\", \"release\": \"by-hand\", \"planHash\": \"%s\", \"forceConflicts\": true}"
                .formatted(cluster.namespace(), plan)),
        400);
    approved("adopt", "by-hand", "\"planHash\": \"%s\"".formatted(plan));
    JsonNode adopted = post("alice", "/api/install", adopt).ok();

    assertThat(adopted.path("changed").asBoolean()).isFalse();
    assertThat(audited("by-hand")).first().isEqualTo("alice adopt bob");
  }

  @Test
  void sloWritesOnAProtectedSiteNeedAnApprovalOfThoseThresholdsAndLeaveAuditRows() {
    slo = SimulatedSloServer.acceptingToken("slo-secret");
    new Kube(cluster.admin())
        .putSecret(cluster.namespace(), "slo-api", Map.of("token", "slo-secret"), Map.of());
    String profile =
        PROTECTED + "scaler:\n  sloAddress: %s\n  sloTokenSecret: slo-api\n".formatted(slo.url());
    server =
        TestServer.start(
            dir,
            SERVER + TestServer.loopbackUpstreams(slo.url()),
            profile,
            cluster.admin(),
            o -> o.withNamespace(cluster.namespace()));
    String path = "/api/releases/models/glm/slo";

    TestServer.Reply unapproved =
        server.put(path, "{\"priority\": 2, \"ttft\": {\"p95Ms\": 900}}", as("alice"));
    JsonNode refusal = refused(unapproved, 409);
    assertThat(refusal.path("error").asText()).contains("requires an approval of this slo-put");
    Matcher hash = CONTENT_HASH.matcher(refusal.path("error").asText());
    assertThat(hash.find()).as(refusal.toString()).isTrue();
    assertThat(slo.received()).as("nothing reached the SLO server").isEmpty();

    long id =
        server
            .post(
                "/api/approvals",
                "{\"action\": \"slo-put\", \"namespace\": \"models\", \"release\": \"glm\", \"contentHash\": \"%s\"}"
                    .formatted(hash.group(1)),
                as("alice"))
            .ok()
            .path("id")
            .asLong();
    server.post("/api/approvals/%d/approve".formatted(id), "", as("bob")).ok();
    refused(server.put(path, "{\"priority\": 3, \"ttft\": {\"p95Ms\": 900}}", as("alice")), 409);
    // The same thresholds in another order are the same approved write.
    server.put(path, "{\"ttft\": {\"p95Ms\": 900}, \"priority\": 2}", as("alice")).ok();
    refused(server.delete(path, as("alice")), 409);
    long reset =
        server
            .post(
                "/api/approvals",
                "{\"action\": \"slo-delete\", \"namespace\": \"models\", \"release\": \"glm\"}",
                as("alice"))
            .ok()
            .path("id")
            .asLong();
    server.post("/api/approvals/%d/approve".formatted(reset), "", as("bob")).ok();
    assertThat(server.delete(path, as("alice")).status()).isEqualTo(200);

    assertThat(slo.received()).extracting(r -> r.method()).startsWith("PUT", "DELETE");
    List<String> runs = new ArrayList<>();
    for (JsonNode run : server.get("/api/runs?release=glm", as("bob")).ok().path("runs")) {
      if (!run.path("action").asText().startsWith("approval-")) {
        runs.add(
            run.path("actor").asText()
                + " "
                + run.path("action").asText()
                + " "
                + run.path("approvedBy").asText());
      }
    }
    assertThat(runs).containsExactly("alice slo-delete bob", "alice slo-put bob");
  }

  /** Installs the demo's vllm chart with the plan's layers as values files, with Helm's CLI. */
  private void installWithHelmCli(String release, JsonNode layers, String... more) {
    new HelmCli(cluster.kubeconfig())
        .installLayers(
            release,
            TestCharts.exampleCharts().resolve("vllm"),
            cluster.namespace(),
            dir,
            layers,
            more);
  }
}
