package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.HelmCli;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deploy flow of {@code swiss serve} over HTTP, logged in, against the test cluster with our
 * demo catalog and charts (reference server.md §4): compose, diff, install, upgrade, apply,
 * rollback, uninstall, each write one audit row with its actor, refusals none.
 */
@ClusterTest
class DeployFlowOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "mistral-small-24b";
  private static final String RELEASE = "mistral";

  @TempDir Path dir;
  private TestServer server;
  private String cookie;

  @BeforeEach
  void start() {
    server = serve(dir);
    TestServer.Reply login = server.login(TestServer.USER, TestServer.PASSWORD);
    assertThat(login.status()).isEqualTo(200);
    cookie = "swiss_session=" + login.sessionCookie();
  }

  /** A server with its own folder (database, credentials), on the test's namespace. */
  private static TestServer serve(Path folder) {
    return TestServer.onDemoSite(
        folder,
        cluster,
        "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private JsonNode post(String path, String body, int status) {
    TestServer.Reply r = server.post(path, body, "Cookie", cookie);
    assertThat(r.status()).as("POST %s %s answered %s", path, body, r.body()).isEqualTo(status);
    return TestServer.json(r.body());
  }

  private JsonNode get(String path) {
    TestServer.Reply r = server.get(path, "Cookie", cookie);
    assertThat(r.status()).as("GET %s answered %s", path, r.body()).isEqualTo(200);
    return TestServer.json(r.body());
  }

  private String release() {
    return "/api/releases/%s/%s".formatted(cluster.namespace(), RELEASE);
  }

  private String compose(String version, String form) {
    return post(
            "/api/plans",
            """
            {"model": "%s", "version": "%s", "namespace": "%s", "serviceId": "%s",
             "overrides": %s}
            """
                .formatted(MODEL, version, cluster.namespace(), RELEASE, form),
            200)
        .path("hash")
        .asText();
  }

  private JsonNode runs() {
    return get("/api/runs?release=" + RELEASE).path("runs");
  }

  private Map<String, String> planRecord() {
    return cluster
        .kube()
        .configMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString())
        .orElse(Map.of());
  }

  @Test
  void composeDiffInstallUpgradeApplyRollbackAndUninstallAsOneStory() {
    String first = compose("1.0.0", "{\"replicaCount\": 1}");

    JsonNode before = post("/api/diff", "{\"planHash\": \"%s\"}".formatted(first), 200);
    assertThat(before.path("changed").asBoolean()).isTrue();
    assertThat(before.path("exists").asBoolean()).isFalse();

    JsonNode installed =
        post("/api/install", "{\"planHash\": \"%s\", \"note\": \"first\"}".formatted(first), 200);
    assertThat(installed.path("revision").asInt()).isEqualTo(1);
    assertThat(installed.path("status").asText()).isEqualTo("applied");
    assertThat(PlanStatus.parse(planRecord().get(PlanStatus.FILE)).phase()).isEqualTo("applied");
    JsonNode afterInstall = runs();
    assertThat(afterInstall).hasSize(1);
    assertThat(afterInstall.path(0).path("action").asText()).isEqualTo("install");
    assertThat(afterInstall.path(0).path("actor").asText()).isEqualTo(TestServer.USER);
    assertThat(afterInstall.path(0).path("revision").asInt()).isEqualTo(1);
    assertThat(afterInstall.path(0).path("note").asText()).isEqualTo("first");

    JsonNode same = post("/api/diff", "{\"planHash\": \"%s\"}".formatted(first), 200);
    assertThat(same.path("changed").asBoolean()).isFalse();
    assertThat(same.path("revision").asInt()).isEqualTo(1);
    JsonNode noOp =
        post("/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(first), 200);
    assertThat(noOp.path("changed").asBoolean())
        .as("an apply whose diff is empty makes no revision")
        .isFalse();
    assertThat(noOp.path("revision").asInt()).isEqualTo(1);
    assertThat(runs().path(0).path("changed").asBoolean()).isFalse();
    assertThat(runs().path(0).path("revision").asInt()).isEqualTo(1);

    JsonNode upgrade =
        post(
            "/api/plans",
            "{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"version\": \"1.1.0\"}"
                .formatted(RELEASE, cluster.namespace()),
            200);
    String second = upgrade.path("hash").asText();
    assertThat(upgrade.path("source").path("version").asText()).isEqualTo("1.1.0");
    assertThat(upgrade.path("layers").path("form"))
        .as("a bare upgrade carries the form as it was deployed")
        .isEqualTo(get(release() + "/plan").path("layers").path("form"));

    JsonNode applied =
        post("/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second), 200);
    assertThat(applied.path("revision").asInt()).isEqualTo(2);
    post("/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second), 409);
    assertThat(runs()).as("a stale apply is refused and not recorded").hasSize(3);

    JsonNode rolledBack =
        post(release() + "/rollback", "{\"toRevision\": 1, \"expectRevision\": 2}", 200);
    assertThat(rolledBack.path("revision").asInt()).isEqualTo(3);
    assertThat(rolledBack.path("planHash").asText()).isEqualTo(first);
    assertThat(get(release() + "/plan").path("hash").asText()).isEqualTo(first);

    TestServer.Reply removed = server.delete(release(), "Cookie", cookie);
    assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    assertThat(planRecord()).as("the plan ConfigMap is gone").isEmpty();
    assertThat(cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems())
        .as("release storage and archives are gone")
        .isEmpty();
    assertThat(runs())
        .extracting(run -> run.path("action").asText())
        .containsExactly("uninstall", "rollback", "apply", "apply", "install");
  }

  @Test
  void anInstallWithAdoptTakesInAReleaseHelmInstalledWhenItsDiffIsEmptyAndOnlyThen()
      throws IOException {
    JsonNode composed =
        post(
            "/api/plans",
            """
            {"model": "%s", "version": "1.0.0", "namespace": "%s", "serviceId": "by-hand"}
            """
                .formatted(MODEL, cluster.namespace()),
            200);
    String hash = composed.path("hash").asText();
    installWithHelmCli("by-hand", composed.path("layers"));

    JsonNode refused =
        post("/api/apply", "{\"planHash\": \"%s\", \"adopt\": true}".formatted(hash), 400);
    assertThat(refused.path("error").asText()).contains("POST /api/install");
    JsonNode adopted =
        post(
            "/api/install",
            "{\"planHash\": \"%s\", \"adopt\": true, \"note\": \"found it\"}".formatted(hash),
            200);

    assertThat(adopted.path("changed").asBoolean()).isFalse();
    assertThat(adopted.path("revision").asInt()).isEqualTo(1);
    assertThat(
            get("/api/releases/%s/by-hand/plan".formatted(cluster.namespace()))
                .path("hash")
                .asText())
        .isEqualTo(hash);
    JsonNode run = get("/api/runs?release=by-hand").path("runs").path(0);
    assertThat(run.path("action").asText()).isEqualTo("adopt");
    assertThat(run.path("changed").asBoolean()).isFalse();

    // A second hand-installed release whose values differ from the plan: refused with the diff.
    installWithHelmCli("by-hand-2", composed.path("layers"), "--set", "replicaCount=2");
    String other =
        post(
                "/api/plans",
                """
                {"model": "%s", "version": "1.0.0", "namespace": "%s", "serviceId": "by-hand-2"}
                """
                    .formatted(MODEL, cluster.namespace()),
                200)
            .path("hash")
            .asText();
    JsonNode differs =
        post("/api/install", "{\"planHash\": \"%s\", \"adopt\": true}".formatted(other), 409);
    assertThat(differs.path("error").asText()).contains("refused, nothing was written", "replicas");
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-by-hand-2")).isEmpty();
    assertThat(get("/api/runs?release=by-hand-2").path("runs")).isEmpty();
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

  @Test
  void metricsShowTheHelmLibrarysGoMemoryAndTheJvmsBesideIt() {
    String first = compose("1.0.0", "{\"replicaCount\": 1}");
    post("/api/install", "{\"planHash\": \"%s\"}".formatted(first), 200);

    String metrics = server.get("/metrics").body();

    // An install loaded the library; its Go runtime holds memory under the default soft limit.
    assertThat(metrics)
        .containsPattern("swiss_helm_native_memory_bytes\\{part=\"mapped\"} [1-9]")
        .containsPattern("swiss_helm_native_memory_bytes\\{part=\"heap\"} [1-9]")
        .contains("swiss_helm_native_memory_bytes{part=\"limit\"} 2.01326592E8")
        .containsPattern("jvm_memory_used_bytes\\{area=\"heap\",id=\"[^\"]+\"} [1-9]");
  }

  @Test
  void tenConcurrentAppliesOfOneReleaseLetExactlyOneThrough() throws Exception {
    String first = compose("1.0.0", "{\"replicaCount\": 1}");
    post("/api/install", "{\"planHash\": \"%s\"}".formatted(first), 200);
    String second = compose("1.0.0", "{\"replicaCount\": 2}");
    String body = "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second);

    ExecutorService pool = Executors.newFixedThreadPool(10);
    List<Future<TestServer.Reply>> replies = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      replies.add(pool.submit(() -> server.post("/api/apply", body, "Cookie", cookie)));
    }
    List<Integer> statuses = new ArrayList<>();
    for (Future<TestServer.Reply> reply : replies) {
      statuses.add(reply.get().status());
    }
    pool.shutdown();

    assertThat(statuses).filteredOn(s -> s == 200).hasSize(1);
    assertThat(statuses).filteredOn(s -> s == 409).hasSize(9);
    assertThat(runs())
        .extracting(run -> run.path("action").asText())
        .containsExactly("apply", "install");
    assertThat(get(release() + "/plan").path("hash").asText()).isEqualTo(second);
  }

  /**
   * Two servers on one cluster, as two replicas are: each has its own in-process locks, so only the
   * release's Lease in the cluster can keep their writes apart.
   */
  @Test
  void appliesOfOneReleaseThroughTwoServersLetExactlyOneThroughAndTheRecordIsTheWinners()
      throws Exception {
    String first = compose("1.0.0", "{\"replicaCount\": 1}");
    post("/api/install", "{\"planHash\": \"%s\"}".formatted(first), 200);
    String second = compose("1.0.0", "{\"replicaCount\": 2}");
    try (TestServer other = serve(dir.resolve("replica"))) {
      String otherCookie =
          "swiss_session=" + other.login(TestServer.USER, TestServer.PASSWORD).sessionCookie();
      String replicaPlan =
          TestServer.json(
                  other
                      .post(
                          "/api/plans",
                          ("{\"model\": \"%s\", \"version\": \"1.0.0\", \"namespace\": \"%s\","
                                  + " \"serviceId\": \"%s\", \"overrides\": {\"replicaCount\": 3}}")
                              .formatted(MODEL, cluster.namespace(), RELEASE),
                          "Cookie",
                          otherCookie)
                      .body())
              .path("hash")
              .asText();

      ExecutorService pool = Executors.newFixedThreadPool(8);
      List<Future<TestServer.Reply>> replies = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        replies.add(
            pool.submit(
                () ->
                    server.post(
                        "/api/apply",
                        "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second),
                        "Cookie",
                        cookie)));
        replies.add(
            pool.submit(
                () ->
                    other.post(
                        "/api/apply",
                        "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(replicaPlan),
                        "Cookie",
                        otherCookie)));
      }
      List<TestServer.Reply> answers = new ArrayList<>();
      for (Future<TestServer.Reply> reply : replies) {
        answers.add(reply.get());
      }
      pool.shutdown();

      List<TestServer.Reply> won = answers.stream().filter(r -> r.status() == 200).toList();
      assertThat(won).hasSize(1);
      assertThat(answers).filteredOn(r -> r.status() == 409).hasSize(7);
      String winner = TestServer.json(won.get(0).body()).path("planHash").asText();
      assertThat(get(release() + "/plan").path("hash").asText()).isEqualTo(winner);
      assertThat(get(release() + "/status").path("revision").asInt()).isEqualTo(2);
      assertThat(PlanStatus.parse(planRecord().get(PlanStatus.FILE)).revision()).isEqualTo(2);
    }
  }

  @Test
  void preflightReportsAServiceIdInUseOnThePlanWarnsOnTheDiffAndRefusesTheInstall() {
    String first = compose("1.0.0", "{\"replicaCount\": 1}");
    post("/api/install", "{\"planHash\": \"%s\"}".formatted(first), 200);

    JsonNode twin =
        post(
            "/api/plans",
            ("{\"model\": \"%s\", \"namespace\": \"%s\", \"release\": \"twin\","
                    + " \"serviceId\": \"%s\"}")
                .formatted(MODEL, cluster.namespace(), RELEASE),
            200);
    String hash = twin.path("hash").asText();
    JsonNode diff = post("/api/diff", "{\"planHash\": \"%s\"}".formatted(hash), 200);
    JsonNode refused = post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash), 409);

    assertThat(twin.path("preflight").path("ok").asBoolean()).isFalse();
    JsonNode problem = twin.path("preflight").path("problems").path(0);
    assertThat(problem.path("rule").asText()).isEqualTo("service-id");
    assertThat(problem.path("field").asText()).isEqualTo("serviceId");
    assertThat(problem.path("message").asText()).contains(cluster.namespace() + "/" + RELEASE);
    assertThat(diff.path("warnings").path(0).asText()).startsWith("service-id");
    assertThat(refused.path("error").asText()).contains("service-id", RELEASE);
    assertThat(runs()).as("a preflight refusal is not recorded").hasSize(1);
    assertThat(
            cluster
                .kube()
                .configMap(cluster.namespace(), PlanConfigMapName.of("twin").toString())
                .isPresent())
        .isFalse();
  }

  @Test
  void aPlansAnswerNamesEachValueAnEditShadowedWithTheLayersItWasSetIn() {
    JsonNode plan =
        post(
            "/api/plans",
            ("{\"model\": \"%s\", \"namespace\": \"%s\", \"release\": \"shadowing\","
                    + " \"overrides\": {\"replicaCount\": 2}, \"editsYAML\": \"replicaCount: 3\\n\"}")
                .formatted(MODEL, cluster.namespace()),
            200);

    JsonNode shadow = plan.path("shadowed").path(0);
    assertThat(shadow.path("path").asText())
        .as(plan.path("shadowed").toString())
        .isEqualTo("replicaCount");
    assertThat(shadow.path("by").asText()).isEqualTo("edit");
    assertThat(shadow.path("under").toString()).contains("\"form\"");
    assertThat(plan.path("preflight").path("ok").asBoolean()).isTrue();
    assertThat(plan.path("preflight").path("problems").isArray()).isTrue();
  }

  @Test
  void badRequestsAreRefusedNamingTheProblemAndNothingIsStoredOrApplied() {
    assertThat(post("/api/plans", "{\"version\": \"1.0.0\"}", 400).path("error").asText())
        .contains("model is required");
    assertThat(post("/api/plans", "{\"model\": \"no-such-model\"}", 400).path("error").asText())
        .contains("no-such-model");
    assertThat(
            post("/api/plans", "{\"model\": \"%s\", \"version\": \"9.9.9\"}".formatted(MODEL), 400)
                .path("error")
                .asText())
        .contains("9.9.9");
    assertThat(
            post("/api/plans", "{\"model\": \"%s\", \"variant\": \"nope\"}".formatted(MODEL), 400)
                .path("error")
                .asText())
        .contains("nope");
    assertThat(
            post(
                    "/api/plans",
                    "{\"model\": \"%s\", \"overridesYAML\": \"- a list\"}".formatted(MODEL),
                    400)
                .path("error")
                .asText())
        .contains("advanced overrides");
    post("/api/plans", "{\"model\": ", 400);
    assertThat(post("/api/apply", "{\"planHash\": \"sha256:0000\"}", 404).path("error").asText())
        .contains("sha256:0000");
    // No planHash finds no plan, as the reference's lookup of "" finds none (issue 16).
    post("/api/install", "{}", 404);
    String broken =
        post(
                "/api/plans",
                ("{\"model\": \"%s\", \"namespace\": \"%s\", \"serviceId\": \"%s\","
                        + " \"editsYAML\": \"replicaCount: many\"}")
                    .formatted(MODEL, cluster.namespace(), RELEASE),
                200)
            .path("hash")
            .asText();
    assertThat(
            post("/api/install", "{\"planHash\": \"%s\"}".formatted(broken), 409)
                .path("error")
                .asText())
        .contains("replicaCount");
    post(release() + "/rollback", "{\"toRevision\": 7, \"expectRevision\": 1}", 404);
    post(release() + "/rollback", "{\"expectRevision\": 1}", 400);

    assertThat(planRecord()).as("nothing was written beside the release").isEmpty();
    assertThat(runs()).as("no refusal is recorded").isEmpty();
  }
}
