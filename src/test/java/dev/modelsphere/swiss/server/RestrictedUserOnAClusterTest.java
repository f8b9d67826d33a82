package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.CountingClient;
import dev.modelsphere.swiss.testing.HelmOnlyUser;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
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
 * A {@code swiss serve} running as a user with no LLMService grant on a cluster that serves the CRD
 * (backends.md §1.4, spec/canary.md §7): its Kubernetes client and Helm both connect as a {@link
 * HelmOnlyUser}, granted what a helm-only swiss is granted. Every helm path behaves as if the CRD
 * were absent, the cluster page warns, and discovery is asked once per 30 seconds however many
 * requests come.
 */
@ClusterTest
class RestrictedUserOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String RELEASE = "mistral";
  private static final String DISCOVERY =
      "/apis/%s/%s".formatted(LlmService.GROUP, LlmService.VERSION);
  private static final String GRANT_WARNING =
      "LLMService CRD is served but swissd has no llmservices grant; set rbac.applyWith";

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);
  private HelmOnlyUser user;
  private CountingClient counting;
  private TestServer server;

  @BeforeEach
  void start() {
    // What the admin can see and the restricted user cannot: a release that is only an LLMService,
    // and one migrated from helm that has both records.
    seeds.service(seeds.repoPlan("llm-only"), Map.of(), Map.of());
    seeds.service(seeds.repoPlan("both"), Map.of(), Map.of());
    seeds.recordPlan(seeds.plan("both"), ReleaseSeeds.status("applied", ""));
    seeds.storeRevision("both", 3, "deployed");
    user = HelmOnlyUser.create(cluster.cluster(), cluster.namespace(), dir);
    counting = new CountingClient(user.kubeconfig());
    server =
        TestServer.onDemoSite(
            dir,
            cluster,
            counting.client(),
            user.kubeconfig(),
            "  allowDeploy: true\n  applyWith: llmsvc\n  database: ${dir}/swiss.db\n"
                + "  auth:\n    disabled: true\n");
  }

  @AfterEach
  void stop() {
    server.close();
    counting.close();
    user.close();
  }

  private JsonNode post(String path, String body) {
    return server.post(path, body).ok();
  }

  private JsonNode status(String release) {
    return server.get("/api/releases/%s/%s/status".formatted(cluster.namespace(), release)).ok();
  }

  private long discoveries() {
    return counting.requests().stream().filter(r -> r.endsWith(DISCOVERY)).count();
  }

  private List<String> llmServiceReads() {
    return counting.requests().stream().filter(r -> r.contains("/llmservices")).toList();
  }

  @Test
  void withoutTheLlmServiceGrantEveryHelmPathBehavesAsWithoutTheCrdAndDiscoveryIsAskedOncePerTtl() {
    JsonNode clusterPage = server.get("/api/cluster").ok();
    assertThat(clusterPage.path("llmservice").path("served").asBoolean()).isTrue();
    assertThat(clusterPage.path("llmservice").path("newInstalls").asText()).isEqualTo("helm");
    assertThat(clusterPage.path("warnings").toString()).contains(GRANT_WARNING);
    List<String> refusedReads = llmServiceReads();
    assertThat(refusedReads).as("the refused watch that taught the server").isNotEmpty();

    String first =
        server.planHash(
            "{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\": \"%s\", \"serviceId\": \"%s\"}"
                .formatted(cluster.namespace(), RELEASE));
    JsonNode installed = post("/api/install", "{\"planHash\": \"%s\"}".formatted(first));
    String second =
        server.planHash(
            "{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"version\": \"1.1.0\"}"
                .formatted(RELEASE, cluster.namespace()));
    JsonNode applied =
        post("/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second));

    assertThat(installed.path("revision").asInt()).isEqualTo(1);
    assertThat(applied.path("revision").asInt()).isEqualTo(2);
    assertThat(
            cluster.kube().configMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString()))
        .as("installed through helm, with its plan beside it")
        .isPresent();
    assertThat(cluster.llmServices().withName(RELEASE).get())
        .as("applyWith llmsvc falls back to helm")
        .isNull();

    JsonNode rows = server.get("/api/deployments").ok().path("deployments");
    assertThat(rows)
        .extracting(row -> row.path("release").asText())
        .containsExactly("both", RELEASE);
    for (JsonNode row : rows) {
      assertThat(row.path("backend").asText()).isEqualTo("helm");
      assertThat(row.has("cleanupPending")).isFalse();
      assertThat(row.path("canaryState").asText()).isEqualTo("standalone");
    }
    JsonNode mistral = status(RELEASE);
    assertThat(mistral.path("backend").asText()).isEqualTo("helm");
    assertThat(mistral.path("revision").asInt()).isEqualTo(2);
    JsonNode migrated = status("both");
    assertThat(migrated.path("backend").asText())
        .as("with the API invisible, a release with both records is helm's")
        .isEqualTo("helm");
    assertThat(migrated.path("revision").asInt()).isEqualTo(3);
    assertThat(migrated.has("cleanupPending")).isFalse();
    assertThat(migrated.has("llmservice")).isFalse();
    assertThat(status("llm-only").path("exists").asBoolean())
        .as("an LLMService alone is not a release while the API is invisible")
        .isFalse();

    assertThat(discoveries()).as("discovery calls for all of the above").isEqualTo(1);
    assertThat(llmServiceReads())
        .as("no LLMService read is tried while the Forbidden is remembered")
        .isEqualTo(refusedReads);

    server.clock.advance(Duration.ofSeconds(31));
    JsonNode migratedLater = status("both");
    List<String> readsLater = llmServiceReads();
    JsonNode clusterLater = server.get("/api/cluster").ok();
    server.get("/api/deployments").ok();
    status(RELEASE);

    assertThat(discoveries()).as("asked again once the 30 s are up, and once only").isEqualTo(2);
    assertThat(readsLater)
        .as("the first read after the 30 s tries the API again and is refused again")
        .hasSizeGreaterThan(refusedReads.size());
    assertThat(migratedLater.path("backend").asText()).isEqualTo("helm");
    assertThat(clusterLater.path("warnings").toString()).contains(GRANT_WARNING);
    assertThat(llmServiceReads()).as("and the refusal is remembered again").isEqualTo(readsLater);
  }
}
