package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Helm library keeps the cluster's discovery across calls; a kind defined after it filled that
 * cache (a CRD installed since, as an operator's chart or a test does) is still found.
 */
@ClusterTest
class NewKindsTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  @Test
  void aKindDefinedAfterTheLibraryLastDiscoveredIsInstalled() throws IOException {
    HelmReleases helm = cluster.helmReleases();
    install(helm, "before", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: before\n");
    String group =
        "t" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 30), 36) + ".swiss.test";
    CustomResourceDefinition crd = Crds.schemaless(group, "v1", "Widget", "widgets");
    Crds.install(cluster.admin(), crd);
    try {
      HelmOutcome outcome =
          install(
              helm,
              "after",
              "apiVersion: %s/v1\nkind: Widget\nmetadata:\n  name: after\n".formatted(group));

      assertThat(outcome.revision()).isEqualTo(1);
    } finally {
      cluster.admin().apiextensions().v1().customResourceDefinitions().resource(crd).delete();
    }
  }

  private HelmOutcome install(HelmReleases helm, String release, String object) throws IOException {
    Path chart = dir.resolve(release);
    Files.createDirectories(chart.resolve("templates"));
    Files.writeString(
        chart.resolve("Chart.yaml"),
        "apiVersion: v2\nname: %s\nversion: 0.1.0\n".formatted(release));
    Files.writeString(chart.resolve("templates/object.yaml"), object);
    return helm.install(
        new RenderRequest(
            ChartLocation.local(chart),
            release,
            cluster.namespace(),
            List.of(new ValuesDocument("none", Map.of()))),
        false,
        false);
  }
}
