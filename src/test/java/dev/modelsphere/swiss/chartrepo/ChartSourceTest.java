package dev.modelsphere.swiss.chartrepo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.chartrepo.ChartSource.Kind;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ChartSourceTest {

  @Test
  void aChartPathWinsOverARepositoryAndAChartRoot() {
    assertThat(ChartSource.choose("sglang", "oci://ghcr.io/charts", "/srv/checkout", "/srv/root"))
        .contains(new ChartSource(Kind.FOLDER, Path.of("/srv/checkout", "sglang").toString()));
  }

  @Test
  void aRepositoryWinsOverAChartRootAndIsReadByItsScheme() {
    assertThat(ChartSource.choose("sglang", "oci://ghcr.io/charts//", "", "/srv/root"))
        .contains(new ChartSource(Kind.OCI, "oci://ghcr.io/charts"));
    assertThat(ChartSource.choose("sglang", "https://charts.example/", null, "/srv/root"))
        .contains(new ChartSource(Kind.HTTP, "https://charts.example"));
  }

  @Test
  void theChartRootIsTheLastResort() {
    assertThat(ChartSource.choose("sglang", "", "", "/srv/root"))
        .contains(new ChartSource(Kind.FOLDER, Path.of("/srv/root", "sglang").toString()));
    assertThat(ChartSource.choose("sglang", null, null, null)).isEmpty();
  }
}
