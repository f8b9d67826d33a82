package dev.modelsphere.swiss.server;

import static dev.modelsphere.swiss.kube.StartupProgressTest.runningSince;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The list and per-release read routes of {@code swiss serve} over real HTTP against releases on
 * the test cluster (reference server.md §3.8, §3.9, §3.16-§3.19, §6.1): the wiring from route to
 * view, the statuses, and the JSON (which {@link TestServer} checks against the API description).
 */
@ClusterTest
class ReleaseViewsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String NO_LOGIN = "  auth:\n    disabled: true\n";
  private static final Duration WATCH = Duration.ofSeconds(30);

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private TestServer serve() {
    server = TestServer.onCluster(dir, cluster, NO_LOGIN);
    await().atMost(WATCH).until(() -> server.get("/readyz").status() == 200);
    return server;
  }

  private JsonNode getJson(String path) {
    TestServer.Reply r = server.get(path);
    assertThat(r.status()).as("GET %s answered %s", path, r.body()).isEqualTo(200);
    return TestServer.json(r.body());
  }

  private String release(String name) {
    return "/api/releases/%s/%s".formatted(cluster.namespace(), name);
  }

  @Test
  void deploymentsListEveryKindOfReleaseWithItsDriftAndCanaryRelationship() {
    cluster.deployer().apply(seeds.plan("a-helm"), Mode.INSTALL, ApplyOptions.install());
    seeds.storeRevision("b-by-hand", 1, "deployed");
    seeds.recordPlan(seeds.plan("c-failed"), ReleaseSeeds.status("failed", "image pull refused"));
    seeds.storeRevision("c-failed", 1, "failed");
    String aloneUid =
        seeds.service(seeds.repoPlan("svc-alone"), Map.of(), Map.of()).getMetadata().getUid();
    seeds.service(
        seeds.repoPlan("svc-lent"),
        Map.of(),
        Map.of(ReleaseSeeds.CANARY.assignmentAnnotation(), "lab/exp-1:baseline"));
    seeds.service(
        seeds.repoPlan("svc-owned"), Map.of(ReleaseSeeds.CANARY.nameLabel(), "exp-2"), Map.of());
    serve();

    await()
        .atMost(WATCH)
        .until(() -> getJson("/api/deployments").path("summary").path("total").asInt() == 6);
    JsonNode page = getJson("/api/deployments");
    Map<String, JsonNode> rows = byRelease(page.path("deployments"));

    assertThat(page.path("cluster").asText()).isEqualTo("test-site");
    assertThat(page.path("page").asInt()).isEqualTo(1);
    assertThat(page.path("perPage").asInt()).isEqualTo(25);
    assertThat(page.path("summary").path("untracked").asInt()).isEqualTo(1);
    assertThat(rows.keySet())
        .containsExactlyInAnyOrder(
            "a-helm", "b-by-hand", "c-failed", "svc-alone", "svc-lent", "svc-owned");
    assertThat(rows.get("a-helm").path("backend").asText()).isEqualTo("helm");
    assertThat(rows.get("a-helm").path("canaryState").asText()).isEqualTo("standalone");
    assertThat(rows.get("a-helm").has("uid")).as("helm rows carry no uid").isFalse();
    assertThat(rows.get("b-by-hand").path("untracked").asBoolean()).isTrue();
    assertThat(rows.get("c-failed").path("drift").asText())
        .isEqualTo("last apply failed: image pull refused");
    assertThat(rows.get("svc-alone").path("backend").asText()).isEqualTo("llmsvc");
    assertThat(rows.get("svc-alone").path("uid").asText()).isEqualTo(aloneUid);
    assertThat(rows.get("svc-alone").path("canaryState").asText()).isEqualTo("standalone");
    JsonNode lent = rows.get("svc-lent");
    assertThat(lent.path("canaryState").asText()).isEqualTo("referenced");
    assertThat(lent.path("assignedTo").path("namespace").asText()).isEqualTo("lab");
    assertThat(lent.path("assignedTo").path("arm").asText()).isEqualTo("baseline");
    JsonNode owned = rows.get("svc-owned");
    assertThat(owned.path("canaryState").asText()).isEqualTo("owned");
    assertThat(owned.path("managedBy").path("namespace").asText())
        .as("a missing namespace label falls back to the service's namespace")
        .isEqualTo(cluster.namespace());
    assertThat(owned.path("managedBy").path("verified").asBoolean()).isFalse();

    JsonNode second = getJson("/api/deployments?page=2&perPage=4");
    assertThat(second.path("page").asInt()).isEqualTo(2);
    assertThat(releases(second.path("deployments"))).containsExactly("svc-lent", "svc-owned");
    assertThat(second.path("summary").path("total").asInt()).isEqualTo(6);
    JsonNode garbage = getJson("/api/deployments?page=two&perPage=-3");
    assertThat(garbage.path("page").asInt()).isEqualTo(1);
    assertThat(garbage.path("perPage").asInt()).isEqualTo(25);
  }

  @Test
  void aHelmAnLlmServiceAndAMigratedReleaseAppearSideBySideWithTheirBackendAndState() {
    cluster.deployer().apply(seeds.plan("a-helm"), Mode.INSTALL, ApplyOptions.install());
    seeds.service(seeds.repoPlan("b-service"), Map.of(), Map.of());
    seeds.operatorReports("b-service", Phase.Applied, 2, "");
    // Migrated from helm: the LLMService owns it now, the helm plan ConfigMap is still there.
    seeds.service(seeds.repoPlan("c-migrated"), Map.of(), Map.of());
    seeds.recordPlan(seeds.plan("c-migrated"), ReleaseSeeds.status("applied", ""));
    serve();

    await()
        .atMost(WATCH)
        .until(() -> getJson("/api/deployments").path("summary").path("total").asInt() == 3);
    Map<String, JsonNode> rows = byRelease(getJson("/api/deployments").path("deployments"));

    assertThat(rows.get("a-helm").path("backend").asText()).isEqualTo("helm");
    assertThat(rows.get("a-helm").path("status").asText()).isEqualTo("deployed");
    assertThat(rows.get("b-service").path("backend").asText()).isEqualTo("llmsvc");
    assertThat(rows.get("b-service").path("revision").asInt()).isEqualTo(2);
    assertThat(rows.get("b-service").has("cleanupPending")).isFalse();
    JsonNode migrated = rows.get("c-migrated");
    assertThat(migrated.path("backend").asText()).isEqualTo("llmsvc");
    assertThat(migrated.path("cleanupPending").asBoolean()).isTrue();
    assertThat(migrated.path("drift").asText()).contains("clean-up is unfinished");
    JsonNode status = getJson(release("c-migrated") + "/status");
    assertThat(status.path("backend").asText()).isEqualTo("llmsvc");
    assertThat(status.path("cleanupPending").asBoolean()).isTrue();
  }

  /** spec/canary.md §8 through the API: one service, its metadata changed by others, read live. */
  @Test
  void oneServiceReadsStandaloneThenReferencedThenOwnedThenMalformedThenStandaloneAgain() {
    seeds.service(seeds.repoPlan("arm"), Map.of(), Map.of());
    serve();
    String path = release("arm") + "/status";
    assertThat(getJson(path).path("canaryState").asText()).isEqualTo("standalone");

    editService(
        svc ->
            svc.getMetadata()
                .getAnnotations()
                .put(ReleaseSeeds.CANARY.assignmentAnnotation(), "lab/exp-1:baseline"));
    JsonNode referenced = getJson(path);
    editService(svc -> svc.getMetadata().getLabels().put(ReleaseSeeds.CANARY.nameLabel(), "exp-2"));
    JsonNode owned = getJson(path);
    editService(
        svc -> {
          svc.getMetadata().getLabels().remove(ReleaseSeeds.CANARY.nameLabel());
          svc.getMetadata()
              .getAnnotations()
              .put(ReleaseSeeds.CANARY.assignmentAnnotation(), "a/b/c");
        });
    JsonNode malformed = getJson(path);
    editService(
        svc ->
            svc.getMetadata().getAnnotations().remove(ReleaseSeeds.CANARY.assignmentAnnotation()));
    JsonNode released = getJson(path);

    assertThat(referenced.path("canaryState").asText()).isEqualTo("referenced");
    assertThat(referenced.path("assignedTo").path("verified").asBoolean()).isTrue();
    assertThat(owned.path("canaryState").asText()).as("ownership wins").isEqualTo("owned");
    assertThat(owned.path("managedBy").path("namespace").asText()).isEqualTo(cluster.namespace());
    assertThat(owned.path("managedBy").path("verified").asBoolean()).isFalse();
    assertThat(malformed.path("canaryState").asText()).isEqualTo("referenced");
    assertThat(malformed.path("assignedTo").path("verified").asBoolean()).isFalse();
    assertThat(malformed.path("assignedTo").path("reason").asText()).isNotEmpty();
    assertThat(released.path("canaryState").asText()).isEqualTo("standalone");
    assertThat(released.has("assignedTo")).isFalse();
    assertThat(cluster.llmServices().withName("arm").get())
        .as("reading the relationship deleted nothing")
        .isNotNull();
  }

  private void editService(Consumer<LlmService> change) {
    cluster
        .llmServices()
        .withName("arm")
        .edit(
            svc -> {
              change.accept(svc);
              return svc;
            });
  }

  @Test
  void nodesReportTheFakeGpuNodesWithTheirProductsCapacityAndUse() {
    serve();

    JsonNode nodes = getJson("/api/nodes");

    List<JsonNode> gpuNodes =
        StreamSupport.stream(nodes.path("nodes").spliterator(), false)
            .filter(n -> n.path("GPUs").asInt() > 0)
            .toList();
    assertThat(gpuNodes)
        .extracting(n -> n.path("GPUResource").asText() + " " + n.path("GPUProduct").asText())
        .contains("nvidia.com/gpu NVIDIA-H100-80GB-HBM3", "huawei.com/Ascend910 module-910b-8");
    for (JsonNode node : gpuNodes) {
      assertThat(node.path("GPUs").asInt()).isEqualTo(8);
      assertThat(node.path("gpusUsed").asInt() + node.path("gpusFree").asInt())
          .as("used and free add up on %s", node.path("Name").asText())
          .isEqualTo(8);
    }
    assertThat(nodes.path("summary").path("gpus").asInt()).isEqualTo(8 * gpuNodes.size());
    assertThat(nodes.has("usageError")).isFalse();
  }

  @Test
  void statusShowsThePodsAndTheStartupProgressOfAPodStillLoading() {
    seeds.recordPlan(seeds.plan("glm"), ReleaseSeeds.status("applied", ""));
    serve();
    Instant started = server.clock.instant().minusSeconds(120);
    seeds.startingPod("glm-sglang", "glm-0", runningSince(started.toString(), false));

    JsonNode status = getJson(release("glm") + "/status");

    assertThat(status.path("total").asInt()).isEqualTo(1);
    assertThat(status.path("ready").asInt()).isZero();
    JsonNode pod = status.path("pods").path(0);
    assertThat(pod.path("name").asText()).isEqualTo("glm-0");
    assertThat(pod.path("startup").path("state").asText()).isEqualTo("loading");
    assertThat(pod.path("startup").path("budgetSeconds").asLong()).isEqualTo(630);
    assertThat(pod.path("startup").path("elapsedSeconds").asLong()).isEqualTo(120);
    assertThat(status.path("canaryState").asText()).isEqualTo("standalone");

    JsonNode unknown = getJson(release("nothing-here") + "/status");
    assertThat(unknown.path("exists").asBoolean()).isFalse();
    assertThat(unknown.path("pods").isArray()).isTrue();
    assertThat(unknown.path("pods")).isEmpty();
  }

  @Test
  void revisionsListTheArchivedPlansAndServeEachPlanAndItsValues() {
    Plan first = ExamplePlans.sglang("glm", cluster.namespace(), "replicaCount: 1");
    Plan second = ExamplePlans.sglang("glm", cluster.namespace(), "replicaCount: 2");
    cluster.deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
    cluster.deployer().apply(second, Mode.UPGRADE, new ApplyOptions(1, "apply", ""));
    serve();

    JsonNode revisions = getJson(release("glm") + "/revisions");
    TestServer.Reply firstPlan = server.get(release("glm") + "/revisions/1/plan");
    JsonNode values = getJson(release("glm") + "/revisions/2/values");

    assertThat(revisions.path("release").asText()).isEqualTo("glm");
    assertThat(revisions.path("revisions").path(0).path("revision").asInt()).isEqualTo(2);
    assertThat(revisions.path("revisions").path(0).path("current").asBoolean()).isTrue();
    assertThat(revisions.path("revisions").path(1).path("revision").asInt()).isEqualTo(1);
    assertThat(firstPlan.status()).isEqualTo(200);
    assertThat(PlanJson.fromJson("revision 1", firstPlan.body()).hash()).isEqualTo(first.hash());
    assertThat(values.path("all").asText()).contains("replicaCount: 2");
    assertThat(values.path("supplied").asText()).contains("replicaCount: 2");
    assertThat(server.get(release("glm") + "/revisions/one/plan").status()).isEqualTo(400);
    assertThat(server.get(release("glm") + "/revisions/one/values").status()).isEqualTo(400);
    assertThat(server.get(release("glm") + "/revisions/9/plan").status()).isEqualTo(404);
  }

  @Test
  void objectsListWhatTheManifestMadeAndAnUnknownReleaseHasNone() {
    Crds.installFixtures(cluster.admin(), "modelroutes.routing.modelsphere.dev");
    cluster
        .deployer()
        .apply(
            ExamplePlans.sglang("glm", cluster.namespace(), "modelRoute: {enabled: true}"),
            Mode.INSTALL,
            ApplyOptions.install());
    serve();

    JsonNode objects = getJson(release("glm") + "/objects");
    JsonNode none = getJson(release("nothing-here") + "/objects");

    assertThat(objects.path("objects").path(0).path("ref").path("kind").asText())
        .isEqualTo("ModelRoute");
    assertThat(objects.path("objects").path(0).path("live").path("generation").asInt())
        .isEqualTo(1);
    assertThat(none.path("objects")).isEmpty();
  }

  @Test
  void readinessWaitsForTheWatchesAndMetricsCountWhatTheyHold() {
    seeds.recordPlan(seeds.plan("glm"), ReleaseSeeds.status("applied", ""));
    serve();

    assertThat(server.get("/readyz").body()).contains("\"watches\": \"ok\"");
    await()
        .atMost(WATCH)
        .untilAsserted(
            () ->
                assertThat(server.get("/metrics").body())
                    .contains("swiss_informer_objects{kind=\"plan configmaps\"} 1.0"));
  }

  private static Map<String, JsonNode> byRelease(JsonNode rows) {
    Map<String, JsonNode> out = new HashMap<>();
    rows.forEach(row -> out.put(row.path("release").asText(), row));
    return out;
  }

  private static List<String> releases(JsonNode rows) {
    return StreamSupport.stream(rows.spliterator(), false)
        .map(row -> row.path("release").asText())
        .toList();
  }
}
