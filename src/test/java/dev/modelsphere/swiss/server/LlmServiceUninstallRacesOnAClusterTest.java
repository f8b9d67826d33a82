package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LayerSpec;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceSpec;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.testing.ApiServerProxy;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReconcilingOperatorSimulation;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * spec/canary.md §6 races through {@code DELETE /api/releases/{ns}/{release}} on a release migrated
 * from helm (an LLMService and the plan ConfigMap it was deployed with). The server talks to the
 * API server through an {@link ApiServerProxy}, which lets the other party write for real between
 * swiss's read of the object and its delete: the operator (a SIMULATION) writing status, someone
 * replacing the object, someone applying a new spec.
 */
@ClusterTest
class LlmServiceUninstallRacesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String RELEASE = "glm";

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);
  private ApiServerProxy proxy;
  private KubernetesClient proxied;
  private ReconcilingOperatorSimulation operator;
  private TestServer server;

  @BeforeEach
  void start() {
    seeds.service(seeds.repoPlan(RELEASE), Map.of(), Map.of());
    seeds.recordPlan(seeds.plan(RELEASE), ReleaseSeeds.status("applied", ""));
    operator = new ReconcilingOperatorSimulation(cluster.admin(), cluster.namespace());
    // The simulation's own first writes are over before any test starts its race.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> service().getStatus() != null && service().getStatus().phase() == Phase.Applied);
    proxy = new ApiServerProxy(cluster.cluster());
    proxied = proxy.client();
    server =
        TestServer.onClusterAs(
            dir,
            cluster,
            proxied,
            proxy.kubeconfig(),
            TestServer.DEPLOYING_WITHOUT_LOGIN,
            "http://127.0.0.1:9/catalog/",
            TestServer.DEFAULT_PROFILE);
  }

  @AfterEach
  void stop() {
    server.close();
    proxied.close();
    proxy.close();
    operator.close();
  }

  private static LlmService service() {
    return cluster.llmServices().withName(RELEASE).get();
  }

  private static ConfigMap planRecord() {
    return cluster
        .admin()
        .configMaps()
        .inNamespace(cluster.namespace())
        .withName(PlanConfigMapName.of(RELEASE).toString())
        .get();
  }

  /** Runs {@code action} when swiss's first DELETE of the service arrives, before it is sent on. */
  private void beforeTheFirstDelete(Runnable action) {
    AtomicBoolean done = new AtomicBoolean();
    proxy.before(
        r -> isDelete(r) && !done.get(),
        () -> {
          if (done.compareAndSet(false, true)) {
            action.run();
          }
        });
  }

  private static boolean isDelete(ApiServerProxy.Request r) {
    return r.method().equals("DELETE") && r.path().endsWith("/llmservices/" + RELEASE);
  }

  private long deletesSent() {
    return proxy.received().stream()
        .filter(LlmServiceUninstallRacesOnAClusterTest::isDelete)
        .count();
  }

  private TestServer.Reply uninstall() {
    return server.delete("/api/releases/%s/%s".formatted(cluster.namespace(), RELEASE));
  }

  private JsonNode runs() {
    return TestServer.json(server.get("/api/runs").body()).path("runs");
  }

  @Test
  void aStatusWriteBetweenReadAndDeleteIsRetriedOnceAndTheMigratedReleaseIsUninstalled() {
    assertThat(
            TestServer.json(
                    server
                        .get("/api/releases/%s/%s/status".formatted(cluster.namespace(), RELEASE))
                        .body())
                .path("cleanupPending")
                .asBoolean())
        .as("a migrated release")
        .isTrue();
    beforeTheFirstDelete(() -> operator.touchStatus(RELEASE));

    TestServer.Reply removed = uninstall();

    assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    assertThat(TestServer.json(removed.body()).path("planError").asText()).isEmpty();
    assertThat(deletesSent()).as("the conflicted delete and its one retry").isEqualTo(2);
    assertThat(service()).isNull();
    assertThat(planRecord()).as("the migration's clean-up is finished with the object").isNull();
    JsonNode recorded = runs();
    assertThat(recorded).hasSize(1);
    assertThat(recorded.path(0).path("action").asText()).isEqualTo("uninstall");
    assertThat(recorded.path(0).path("changed").asBoolean()).isTrue();
    assertThat(recorded.path(0).has("error")).isFalse();
  }

  @Test
  void aServiceReplacedBetweenReadAndDeleteIsKeptAnswered409AndThePlanIsLeftAsItWas() {
    String oldUid = service().getMetadata().getUid();
    ConfigMap planBefore = planRecord();
    List<String> newUid = new ArrayList<>();
    beforeTheFirstDelete(
        () -> {
          cluster.llmServices().withName(RELEASE).delete();
          await().atMost(Duration.ofSeconds(20)).until(() -> service() == null);
          newUid.add(
              seeds.service(seeds.repoPlan(RELEASE), Map.of(), Map.of()).getMetadata().getUid());
        });

    TestServer.Reply refused = uninstall();

    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(refused.body()).contains("replaced", oldUid, newUid.get(0), "nothing was deleted");
    assertThat(service().getMetadata().getUid()).isEqualTo(newUid.get(0));
    assertThat(service().getMetadata().getDeletionTimestamp()).isNull();
    assertPlanUntouched(planBefore);
    assertThat(runs()).as("nothing deleted, nothing recorded").isEmpty();
  }

  @Test
  void aSpecChangeBetweenReadAndDeleteIsAnswered409AndTheServiceAndPlanAreKept() {
    ConfigMap planBefore = planRecord();
    beforeTheFirstDelete(
        () ->
            cluster
                .llmServices()
                .withName(RELEASE)
                .edit(
                    o -> {
                      List<LayerSpec> layers = new ArrayList<>(o.getSpec().layers());
                      layers.add(new LayerSpec("edit", Map.of("replicaCount", 3)));
                      o.setSpec(
                          new LlmServiceSpec(
                              o.getSpec().chart(), layers, o.getSpec().model(), null));
                      return o;
                    }));

    TestServer.Reply refused = uninstall();

    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(refused.body()).contains("generation 1 is now 2", "nothing was deleted");
    LlmService kept = service();
    assertThat(kept.getMetadata().getDeletionTimestamp()).isNull();
    assertThat(kept.getSpec().layers()).extracting(LayerSpec::name).contains("edit");
    assertPlanUntouched(planBefore);
    assertThat(runs()).isEmpty();
  }

  private static void assertPlanUntouched(ConfigMap before) {
    ConfigMap after = planRecord();
    assertThat(after).as("the plan ConfigMap is still there").isNotNull();
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(before.getMetadata().getResourceVersion());
    assertThat(after.getData()).isEqualTo(before.getData());
    assertThat(PlanStatus.parse(after.getData().get(PlanStatus.FILE)).phase()).isEqualTo("applied");
  }
}
