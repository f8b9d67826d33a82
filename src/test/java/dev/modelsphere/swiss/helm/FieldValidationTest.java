package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Helm's client-side schema check is left out (it only asked the API server's OpenAPI document
 * whether the server validates, at a third of an upgrade's CPU); every write still asks the API
 * server for strict field validation, so a chart that sets a field no schema declares is refused,
 * naming the field, on install and on upgrade.
 */
@ClusterTest
class FieldValidationTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  @Test
  void aFieldNoSchemaDeclaresIsRefusedByTheApiServerOnInstallAndOnUpgrade() throws IOException {
    HelmReleases helm = cluster.helmReleases();
    Path chart = dir.resolve("strict");
    Files.createDirectories(chart.resolve("templates"));
    Files.writeString(
        chart.resolve("Chart.yaml"), "apiVersion: v2\nname: strict\nversion: 0.1.0\n");
    Files.writeString(
        chart.resolve("templates/object.yaml"),
        """
        apiVersion: v1
        kind: Service
        metadata:
          name: strict
        spec:
          ports: [{port: 80}]
          {{- if .Values.typo }}
          portz: [{port: 81}]
          {{- end }}
        """);

    assertThatThrownBy(() -> helm.install(request(chart, "first", true), false, false))
        .isInstanceOf(HelmException.class)
        .hasMessageContaining("portz");
    assertThat(cluster.admin().services().inNamespace(cluster.namespace()).withName("strict").get())
        .as("nothing applied")
        .isNull();

    assertThat(helm.install(request(chart, "second", false), false, false).revision()).isEqualTo(1);
    assertThatThrownBy(() -> helm.upgrade(request(chart, "second", true), false))
        .isInstanceOf(HelmException.class)
        .hasMessageContaining("portz");
  }

  private RenderRequest request(Path chart, String release, boolean typo) {
    return new RenderRequest(
        ChartLocation.local(chart),
        release,
        cluster.namespace(),
        List.of(new ValuesDocument("form", Map.of("typo", typo))));
  }
}
