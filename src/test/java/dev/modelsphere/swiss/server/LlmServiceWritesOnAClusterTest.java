package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.chartrepo.OciRegistryServer;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.testing.CanarySimulation;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReconcilingOperatorSimulation;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import dev.modelsphere.swiss.testing.SharedFixtures;
import dev.modelsphere.swiss.testing.SimulatedSloServer;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LLMService backend over HTTP with {@code server.applyWith: llmsvc}: install creates the
 * object, apply and rollback update it, the operator (a SIMULATION here) reports each revision, and
 * a service a Canary experiment owns is written exactly like a standalone one.
 */
@ClusterTest
class LlmServiceWritesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String RELEASE = "mistral";

  /** Nothing listens on port 9 of the loopback. */
  private static final String UNREACHABLE_CATALOG = "http://127.0.0.1:9/catalog/";

  private static final String SLO_TOKEN = "slo-token-for-the-llmservice-tests";

  @TempDir Path dir;
  private final SimulatedSloServer slo = SimulatedSloServer.acceptingToken(SLO_TOKEN);
  private OciRegistryServer charts;
  private ReconcilingOperatorSimulation operator;
  private TestServer server;

  @BeforeEach
  void start() {
    // The CRD takes only https:// and oci:// repositories; a local registry serves our charts.
    charts = OciRegistryServer.serving(List.of("sglang", "vllm"), List.of("0.8.0"));
    operator = new ReconcilingOperatorSimulation(cluster.admin(), cluster.namespace());
    cluster
        .admin()
        .secrets()
        .inNamespace(cluster.namespace())
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName("slo-api")
                .endMetadata()
                .withStringData(Map.of("token", SLO_TOKEN))
                .build())
        .create();
    server = serve(SharedFixtures.project().resolve("examples/catalog").toString());
  }

  /** A server on this test's folder and database, composing from {@code catalog}. */
  private TestServer serve(String catalog) {
    String profile =
        """
        name: test-site
        namespace: models
        chartRepo: %s
        model:
          pathTemplate: /models/{{org}}/{{name}}
        scaler:
          sloAddress: %s
          sloTokenSecret: %s/slo-api
        """
            .formatted(charts.url(), slo.url(), cluster.namespace());
    return TestServer.onCluster(
        dir,
        cluster,
        cluster.admin(),
        "  allowDeploy: true\n  applyWith: llmsvc\n  database: ${dir}/swiss.db\n"
            + "  auth:\n    disabled: true\n"
            + TestServer.loopbackUpstreams(slo.url()),
        catalog,
        profile);
  }

  @AfterEach
  void stop() {
    server.close();
    operator.close();
    charts.close();
    slo.close();
  }

  private JsonNode post(String path, String body) {
    return server.post(path, body).ok();
  }

  /** The release's first plan: the catalog's mistral-small-24b 1.0.0, nothing else set. */
  private String planFromTheCatalog() {
    return server.planHash(
        "{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\": \"%s\", \"serviceId\": \"%s\"}"
            .formatted(cluster.namespace(), RELEASE));
  }

  private String release() {
    return "/api/releases/%s/%s".formatted(cluster.namespace(), RELEASE);
  }

  @Test
  void anOwnedServiceIsInstalledTunedRolledBackAndUninstalledThroughItsOperator() {
    String first = planFromTheCatalog();

    JsonNode installed = post("/api/install", "{\"planHash\": \"%s\"}".formatted(first));
    assertThat(installed.path("revision").asInt()).isEqualTo(1);
    assertThat(installed.path("output").asText()).contains("phase Applied", "helm revision 1");
    assertThat(cluster.llmServices().withName(RELEASE).get()).isNotNull();
    assertThat(cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems())
        .as("the operator, not swiss, runs helm")
        .noneMatch(s -> s.getMetadata().getName().startsWith("sh.helm.release"));

    // The Canary controller (simulated) takes the service over as one arm of an experiment.
    new CanarySimulation(cluster.admin(), cluster.namespace()).own(RELEASE, "exp-3", "candidate");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> server.get(release() + "/status").body().contains("\"canaryState\": \"owned\""));

    String tuned =
        server.planHash(
            ("{\"reuseSource\": true, \"fromRelease\": \"%s\", \"namespace\": \"%s\","
                    + " \"overrides\": {\"modelRoute\": {\"nginx\": {\"values\":"
                    + " {\"adaptive_cc\": true, \"adaptive_cc_target\": 0.8}}}}}")
                .formatted(RELEASE, cluster.namespace()));
    JsonNode applied =
        post("/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(tuned));
    assertThat(applied.path("revision").asInt()).isEqualTo(2);
    LlmService after = cluster.llmServices().withName(RELEASE).get();
    assertThat(after.getMetadata().getLabels())
        .as("the experiment's label survives swiss's write")
        .containsEntry(ReleaseSeeds.CANARY.nameLabel(), "exp-3");
    assertThat(after.getMetadata().getOwnerReferences()).hasSize(1);
    JsonNode owned = TestServer.json(server.get(release() + "/status").body());
    assertThat(owned.path("canaryState").asText()).isEqualTo("owned");
    assertThat(owned.path("managedBy").path("name").asText()).isEqualTo("exp-3");
    assertThat(owned.path("managedBy").path("verified").asBoolean()).isTrue();
    assertThat(owned.path("revision").asInt()).isEqualTo(2);

    JsonNode rolledBack =
        post(release() + "/rollback", "{\"toRevision\": 1, \"expectRevision\": 2}");
    assertThat(rolledBack.path("revision").asInt()).isEqualTo(3);
    assertThat(rolledBack.path("planHash").asText()).isEqualTo(first);

    TestServer.Reply removed = server.delete(release());
    assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    assertThat(cluster.llmServices().withName(RELEASE).get()).isNull();
    JsonNode runs = TestServer.json(server.get("/api/runs").body()).path("runs");
    assertThat(runs)
        .extracting(run -> run.path("action").asText())
        .containsExactly("uninstall", "rollback", "apply", "install");
  }

  /** canary.md §8: a referenced service is written, rolled back and given an SLO as any other. */
  @Test
  void aReferencedServiceTakesANonAdaptiveChangeARollbackAnSloAndAnUninstallLikeAStandaloneOne() {
    String first = planFromTheCatalog();
    post("/api/install", "{\"planHash\": \"%s\"}".formatted(first));
    // An experiment in another namespace borrows the service as its baseline arm.
    cluster
        .llmServices()
        .withName(RELEASE)
        .edit(
            svc -> {
              svc.getMetadata()
                  .getAnnotations()
                  .put(ReleaseSeeds.CANARY.assignmentAnnotation(), "lab/exp-4:baseline");
              return svc;
            });
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                server
                    .get(release() + "/status")
                    .body()
                    .contains("\"canaryState\": \"referenced\""));

    String scaled =
        server.planHash(
            "{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"overrides\": {\"replicaCount\": 2}}"
                .formatted(RELEASE, cluster.namespace()));
    JsonNode applied =
        post("/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(scaled));
    TestServer.Reply sloWritten =
        server.put(release() + "/slo", "{\"priority\": 3, \"ttft\": {\"p95Ms\": 700}}");
    TestServer.Reply sloRead = server.get(release() + "/slo");
    JsonNode rolledBack =
        post(release() + "/rollback", "{\"toRevision\": 1, \"expectRevision\": 2}");
    JsonNode status = TestServer.json(server.get(release() + "/status").body());
    TestServer.Reply removed = server.delete(release());

    assertThat(applied.path("revision").asInt()).isEqualTo(2);
    assertThat(sloWritten.status()).as(sloWritten.body()).isEqualTo(200);
    assertThat(sloRead.body()).contains("\"route\": \"%s\"".formatted(RELEASE), "\"p95Ms\": 700");
    assertThat(rolledBack.path("revision").asInt()).isEqualTo(3);
    assertThat(rolledBack.path("planHash").asText()).isEqualTo(first);
    assertThat(status.path("canaryState").asText())
        .as("swiss's writes kept the experiment's annotation")
        .isEqualTo("referenced");
    assertThat(status.path("assignedTo").path("name").asText()).isEqualTo("exp-4");
    assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    assertThat(cluster.llmServices().withName(RELEASE).get()).isNull();
  }

  @Test
  void anOperatorThatFailsTheWriteIsA500WithItsMessageAndAFailedRun() {
    String plan = planFromTheCatalog();
    operator.failWith("image pull refused");

    TestServer.Reply failed = server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan));

    assertThat(failed.status()).isEqualTo(500);
    assertThat(failed.body()).contains("image pull refused");
    JsonNode runs = TestServer.json(server.get("/api/runs").body()).path("runs");
    assertThat(runs).hasSize(1);
    assertThat(runs.path(0).path("error").asText()).contains("image pull refused");
    assertThat(runs.path(0).has("revision")).as("a failed run produced no revision").isFalse();
  }

  @Test
  void anOwnedCandidateIsTunedThroughReuseWhileTheCatalogIsDownAndTheDiffShowsOnlyThatChange() {
    Crds.installFixtures(cluster.admin(), "modelroutes.routing.modelsphere.dev");
    operator.runningHelm(cluster.helmReleases());
    String first =
        server.planHash(
            ("{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\": \"%s\","
                    + " \"serviceId\": \"%s\", \"overrides\": {\"modelRoute\": {\"enabled\": true,"
                    + " \"nginx\": {\"values\": {\"adaptive_cc\": false, \"ttft_limit_ms\": 800}}}}}")
                .formatted(cluster.namespace(), RELEASE));
    assertThat(
            post("/api/install", "{\"planHash\": \"%s\"}".formatted(first))
                .path("revision")
                .asInt())
        .isEqualTo(1);
    new CanarySimulation(cluster.admin(), cluster.namespace()).own(RELEASE, "exp-9", "candidate");

    // From here on the server has never been able to reach its catalog.
    server.close();
    server = serve(UNREACHABLE_CATALOG);
    assertThat(
            server
                .post(
                    "/api/plans",
                    "{\"model\": \"mistral-small-24b\", \"namespace\": \"%s\"}"
                        .formatted(cluster.namespace()))
                .status())
        .as("the catalog really is out of reach")
        .isNotEqualTo(200);
    String tuned =
        server.planHash(
            ("{\"reuseSource\": true, \"fromRelease\": \"%s\", \"namespace\": \"%s\","
                    + " \"overrides\": {\"modelRoute\": {\"nginx\": {\"values\":"
                    + " {\"adaptive_cc\": true}}}}}")
                .formatted(RELEASE, cluster.namespace()));

    JsonNode diff = post("/api/diff", "{\"planHash\": \"%s\"}".formatted(tuned));
    JsonNode applied =
        post("/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(tuned));
    JsonNode status = TestServer.json(server.get(release() + "/status").body());

    assertThat(diff.path("changed").asBoolean()).isTrue();
    assertThat(diff.path("revision").asInt())
        .as("against the revision the operator applied")
        .isEqualTo(1);
    assertThat(changedLines(diff.path("output").asText()))
        .as("the diff's changed lines, in %s", diff.path("output").asText())
        .isNotEmpty()
        .allMatch(line -> line.contains("adaptive_cc"));
    assertThat(applied.path("revision").asInt()).isEqualTo(2);
    assertThat(status.path("canaryState").asText()).isEqualTo("owned");
    assertThat(status.path("managedBy").path("name").asText()).isEqualTo("exp-9");
    assertThat(status.path("managedBy").path("verified").asBoolean()).isTrue();
    assertThat(status.path("revision").asInt()).isEqualTo(2);
    JsonNode again = post("/api/diff", "{\"planHash\": \"%s\"}".formatted(tuned));
    assertThat(again.path("changed").asBoolean()).as("applied: nothing left to change").isFalse();
  }

  /** The lines a unified diff adds or removes, without its file headers. */
  private static List<String> changedLines(String diff) {
    return diff.lines()
        .filter(l -> (l.startsWith("+") || l.startsWith("-")))
        .filter(l -> !l.startsWith("+++") && !l.startsWith("---"))
        .toList();
  }
}
