package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET .../plan} against releases on the test cluster, from each backend (§3.14). */
@ClusterTest
class ReleasePlanOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  @TempDir Path dir;
  private TestServer server;

  @BeforeEach
  void start() {
    server = TestServer.start(dir, "  auth:\n    disabled: true\n", cluster.admin());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private TestServer.Reply plan(String release) {
    return server.get("/api/releases/%s/%s/plan".formatted(cluster.namespace(), release));
  }

  @Test
  void theReleasesPlanIsTheOneSwissInstalledBesideIt() {
    Plan installed = cluster.plan("glm-53", "serviceId: glm\nreplicaCount: 1");
    cluster.deployer().apply(installed, Mode.INSTALL, ApplyOptions.install());

    TestServer.Reply r = plan("glm-53");

    assertThat(r.status()).isEqualTo(200);
    Plan served = PlanJson.fromJson("the plan route", r.body());
    assertThat(served.hash()).isEqualTo(installed.hash());
    assertThat(served.layers()).isEqualTo(installed.layers());
    assertThat(r.body()).isEqualTo(PlanJson.toJson(served));
  }

  @Test
  void anLlmServicesPlanIsDecodedFromTheObject() {
    Plan deployed =
        ExamplePlans.plan(
            "glm-53",
            cluster.namespace(),
            "replicaCount: 2",
            new ChartRef("sglang", "0.8.0", "oci://registry.example/charts", ""),
            false);
    cluster.llmServices().resource(PlanMapping.fromPlan(deployed, "install", "")).create();

    TestServer.Reply r = plan("glm-53");

    assertThat(r.status()).isEqualTo(200);
    assertThat(PlanJson.fromJson("the plan route", r.body()).hash()).isEqualTo(deployed.hash());
    assertThat(r.body()).contains("\"repo\": \"oci://registry.example/charts\"");
  }

  @Test
  void aReleaseInstalledByHandHasNoPlanAndIs404() {
    cluster
        .helmReleases()
        .install(
            new RenderRequest(
                ChartLocation.local(TestCharts.exampleCharts().resolve("vllm")),
                "by-hand",
                cluster.namespace(),
                List.of()),
            false,
            false);

    TestServer.Reply r = plan("by-hand");

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.body()).contains("by-hand", "has no plan beside it");
  }

  @Test
  void aReleaseThatDoesNotExistIs404NamingIt() {
    TestServer.Reply r = plan("nothing-here");

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.body()).contains("no such release", cluster.namespace() + "/nothing-here");
  }
}
