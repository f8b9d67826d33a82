package dev.modelsphere.swiss.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The shared fixture CRDs that other tests lean on are accepted and served by the real API server.
 */
@ExtendWith(KubeCluster.class)
@ClusterTest
class FixtureCrdsTest {
  @Test
  void theFixtureSetHoldsTheCrdsTestsNeed() {
    assertThat(Crds.fixtureNames())
        .contains(
            "modelroutes.routing.modelsphere.dev",
            "llmscalers.autoscaling.modelsphere.dev",
            "llmslorequirements.inference.modelsphere.dev",
            "leaderworkersets.leaderworkerset.x-k8s.io",
            "servicemonitors.monitoring.coreos.com")
        .doesNotContain("llmservices.serving.modelsphere.dev");
  }

  @Test
  void everySharedFixtureCrdBecomesEstablishedOnceInstalled(KubeCluster cluster) {
    List<String> names = Crds.fixtureNames();

    Crds.installFixtures(cluster.admin(), names.toArray(String[]::new));

    for (String name : names) {
      assertThat(
              cluster.admin().apiextensions().v1().customResourceDefinitions().withName(name).get())
          .as(name)
          .isNotNull();
    }
  }
}
