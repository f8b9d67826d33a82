package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.DeleteFreeze;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * spec/canary.md §5 and §6 over HTTP: a plan composed from the live plan while the catalog cannot
 * be reached, applied like any other, with no Canary guard; and the guarded delete of an LLMService
 * release, with the audit rows it leaves.
 */
@ClusterTest
class LiveReuseAndGuardedDeleteOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Nothing listens on port 9 of the loopback: the catalog cannot be reached. */
  private static final String UNREACHABLE_CATALOG = "http://127.0.0.1:9/catalog/";

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /**
   * The example plans mount the test chart's default weights directory, which the default profile
   * does not name as the site's: the site allows it, as a site with weights there would.
   */
  private static final String PROFILE =
      TestServer.DEFAULT_PROFILE
          + "policy:\n  allow:\n    hostPaths: [/mnt/disk0/models/example]\n";

  private void serve() {
    server =
        TestServer.onCluster(
            dir,
            cluster,
            cluster.admin(),
            TestServer.DEPLOYING_WITHOUT_LOGIN,
            UNREACHABLE_CATALOG,
            PROFILE);
  }

  private TestServer.Reply reuse(String release, String fields) {
    return server.post(
        "/api/plans",
        "{\"reuseSource\": true, \"fromRelease\": \"%s\", \"namespace\": \"%s\"%s}"
            .formatted(release, cluster.namespace(), fields));
  }

  private String release(String name) {
    return "/api/releases/%s/%s".formatted(cluster.namespace(), name);
  }

  private JsonNode runs() {
    return TestServer.json(server.get("/api/runs").body()).path("runs");
  }

  @Test
  void aLivePlanIsRecomposedWithoutTheCatalogKeepingNullsAndAppliedLikeAnyOther() {
    Plan live = ExamplePlans.sglang("glm", cluster.namespace(), "replicaCount: 2\nserviceId: glm");
    cluster.deployer().apply(live, Mode.INSTALL, ApplyOptions.install());
    serve();

    TestServer.Reply r =
        reuse(
            "glm",
            ", \"overrides\": {\"modelRoute\": {\"nginx\": {\"values\": {\"adaptive_cc\": true,"
                + " \"adaptive_cc_max\": 64}}}, \"replicaCount\": null},"
                + " \"editsYAML\": \"podLabels: {tuned: adaptive}\"");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode plan = TestServer.json(r.body());
    assertThat(plan.path("source").path("catalog").asText()).isEqualTo(live.source().catalog());
    assertThat(plan.path("layers").path("catalog"))
        .isEqualTo(JSON.valueToTree(live.layer("catalog")));
    JsonNode form = plan.path("layers").path("form");
    assertThat(form.path("modelRoute").path("nginx").path("values").path("adaptive_cc_max").asInt())
        .isEqualTo(64);
    assertThat(form.has("replicaCount")).isTrue();
    assertThat(form.path("replicaCount").isNull()).as("an explicit null is kept").isTrue();
    assertThat(form.path("serviceId").asText()).isEqualTo("glm");
    assertThat(plan.path("layers").path("edit").path("podLabels").path("tuned").asText())
        .isEqualTo("adaptive");

    TestServer.Reply applied =
        server.post(
            "/api/apply",
            "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(plan.path("hash").asText()));
    assertThat(applied.status()).as(applied.body()).isEqualTo(200);
    assertThat(TestServer.json(applied.body()).path("revision").asInt()).isEqualTo(2);
  }

  @Test
  void anOwnedLlmServicesLivePlanIsReusedWithNoCanaryGuard() {
    Plan plan = seeds.repoPlan("exp-arm");
    seeds.service(plan, Map.of(ReleaseSeeds.CANARY.nameLabel(), "exp-7"), Map.of());
    serve();

    TestServer.Reply r =
        reuse(
            "exp-arm",
            ", \"overrides\": {\"modelRoute\": {\"nginx\": {\"values\": {\"adaptive_cc\": false}}}}");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode composed = TestServer.json(r.body());
    assertThat(composed.path("chart").path("repo").asText()).isEqualTo(plan.chart().repo());
    assertThat(composed.path("release").path("name").asText()).isEqualTo("exp-arm");
    assertThat(
            composed
                .path("layers")
                .path("form")
                .path("modelRoute")
                .path("nginx")
                .path("values")
                .path("adaptive_cc")
                .asBoolean(true))
        .isFalse();
  }

  @Test
  void reuseRefusesWithoutItsReleaseOrForOneSwissDoesNotKnow() {
    serve();

    TestServer.Reply noNamespace =
        server.post("/api/plans", "{\"reuseSource\": true, \"fromRelease\": \"glm\"}");
    TestServer.Reply unknown = reuse("nothing-here", "");

    assertThat(noNamespace.status()).isEqualTo(400);
    assertThat(noNamespace.body()).contains("namespace");
    assertThat(unknown.status()).isEqualTo(404);
  }

  @Test
  void anOwnedLlmServiceIsUninstalledByAGuardedDeleteAndTheRunIsRecorded() {
    String uid =
        seeds
            .service(
                seeds.repoPlan("exp-arm"),
                Map.of(ReleaseSeeds.CANARY.nameLabel(), "exp-7"),
                Map.of())
            .getMetadata()
            .getUid();
    serve();

    TestServer.Reply removed = server.delete(release("exp-arm"));
    TestServer.Reply again = server.delete(release("exp-arm"));

    assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    assertThat(removed.body()).contains("deleted LLMService");
    assertThat(cluster.llmServices().withName("exp-arm").get()).isNull();
    assertThat(again.status()).isEqualTo(404);
    JsonNode recorded = runs();
    assertThat(recorded).as("one run; the 404 records none").hasSize(1);
    assertThat(recorded.path(0).path("action").asText()).isEqualTo("uninstall");
    assertThat(recorded.path(0).has("error")).isFalse();
    assertThat(uid).isNotEmpty();
  }

  @Test
  void aDeleteRefusedByAdmissionKeepsTheServiceAnswersTheServersStatusAndRecordsAFailure() {
    LlmService before = seeds.service(seeds.repoPlan("frozen"), Map.of(), Map.of());
    List<HasMetadata> freeze = DeleteFreeze.install(cluster.admin(), cluster.namespace());
    try {
      DeleteFreeze.awaitEffective(cluster.admin(), cluster.namespace(), "frozen");
      serve();

      TestServer.Reply refused = server.delete(release("frozen"));

      assertThat(refused.status()).isIn(403, 422);
      assertThat(refused.body()).contains(DeleteFreeze.MESSAGE);
      LlmService after = cluster.llmServices().withName("frozen").get();
      assertThat(after.getMetadata().getResourceVersion())
          .isEqualTo(before.getMetadata().getResourceVersion());
      JsonNode recorded = runs();
      assertThat(recorded).hasSize(1);
      assertThat(recorded.path(0).path("error").asText()).contains(DeleteFreeze.MESSAGE);
    } finally {
      DeleteFreeze.remove(cluster.admin(), freeze);
    }
  }
}
