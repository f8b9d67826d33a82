package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The route, scaler and SLO objects a release's manifest names, read live (server.md §6.4). */
@ClusterTest
class ObjectsViewTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void eachNamedObjectIsReportedLiveOrMissingAndOtherKindsAreLeftOut() {
    Crds.installFixtures(
        cluster.admin(),
        "modelroutes.routing.modelsphere.dev",
        "llmscalers.autoscaling.modelsphere.dev");
    cluster
        .deployer()
        .apply(
            ExamplePlans.sglang("glm", cluster.namespace(), "modelRoute: {enabled: true}"),
            Mode.INSTALL,
            ApplyOptions.install());
    HelmSecrets.store(
        cluster.kube(),
        cluster.namespace(),
        "scaled",
        2,
        "deployed",
        """
        apiVersion: autoscaling.modelsphere.dev/v1alpha1
        kind: LLMScaler
        metadata: {name: scaled}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: scaled}
        """);

    ObjectsReport glm = new ObjectsView(cluster.kube()).objects(cluster.namespace(), "glm");
    ObjectsReport scaled = new ObjectsView(cluster.kube()).objects(cluster.namespace(), "scaled");

    assertThat(glm.objects())
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.ref())
                  .isEqualTo(
                      new ObjectsReport.Ref(
                          "routing.modelsphere.dev/v1alpha1",
                          "ModelRoute",
                          cluster.namespace(),
                          "glm"));
              assertThat(entry.live().generation()).isEqualTo(1);
              assertThat(entry.live().created()).isNotEmpty();
              assertThat(entry.live().spec()).containsKey("nginx");
              assertThat(entry.missing()).isFalse();
              assertThat(entry.error()).isEmpty();
            });
    assertThat(scaled.objects())
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.ref().kind()).isEqualTo("LLMScaler");
              assertThat(entry.ref().namespace())
                  .as("the release's namespace")
                  .isEqualTo(cluster.namespace());
              assertThat(entry.missing()).isTrue();
              assertThat(entry.live()).isNull();
            });
  }

  @Test
  void aReleaseThatDoesNotExistHasNoObjects() {
    assertThat(new ObjectsView(cluster.kube()).objects(cluster.namespace(), "ghost").objects())
        .isEmpty();
  }
}
