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
 * An install takes its caller's word that the release has no revision (helm lists no history), and
 * a caller that was wrong costs nothing: helm's write of revision 1 meets the one there.
 */
@ClusterTest
class InstallTakesTheCallersLookTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  @Test
  void anInstallOverAReleaseItsCallerMissedFailsAtRevisionOneAndChangesNothing()
      throws IOException {
    HelmReleases helm = cluster.helmReleases();
    Path chart = dir.resolve("kept");
    Files.createDirectories(chart.resolve("templates"));
    Files.writeString(chart.resolve("Chart.yaml"), "apiVersion: v2\nname: kept\nversion: 0.1.0\n");
    Files.writeString(
        chart.resolve("templates/object.yaml"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: kept
        data:
          word: {{ .Values.word | quote }}
        """);
    assertThat(helm.install(request(chart, "first"), false, false).revision()).isEqualTo(1);

    assertThatThrownBy(() -> helm.install(request(chart, "second"), false, false))
        .isInstanceOf(HelmException.class)
        .hasMessageContaining("helm install " + cluster.namespace() + "/kept")
        .hasMessageContaining("already has a revision 1")
        .hasMessageContaining("nothing was applied");

    assertThat(cluster.kube().configMap(cluster.namespace(), "kept"))
        .as("the object the first install made, untouched")
        .hasValueSatisfying(data -> assertThat(data).containsEntry("word", "first"));
    assertThat(new ReleaseStorage(cluster.admin()).revisions(cluster.namespace(), "kept"))
        .containsExactly(1);
  }

  private RenderRequest request(Path chart, String word) {
    return new RenderRequest(
        ChartLocation.local(chart),
        "kept",
        cluster.namespace(),
        List.of(new ValuesDocument("form", Map.of("word", word))));
  }
}
