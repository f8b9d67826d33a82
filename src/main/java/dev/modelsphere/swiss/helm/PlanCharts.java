package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import java.nio.file.Path;
import java.util.List;

/** Turns a plan into what helm needs: where its chart is, and its layers as values files. */
public final class PlanCharts {

  static final String NO_CHART_SOURCE =
      "no chart source: set chartRepo or chartPath in the site profile, or pass --chart-root";

  private PlanCharts() {}

  /**
   * Where the plan's chart comes from, first match wins: an OCI registry, an http(s) chart
   * repository, the plan's chart path, then {@code chartRoot}.
   *
   * @param chartRoot a folder of chart directories; may be null or empty
   */
  public static ChartLocation location(Plan plan, String chartRoot) {
    ChartRef chart = plan.chart();
    if (chart.name().isEmpty()) {
      throw new HelmException("the plan names no chart");
    }
    if (chart.repo().startsWith("oci://")) {
      return ChartLocation.oci(chart.repo(), chart.name(), chart.version());
    }
    if (!chart.repo().isEmpty()) {
      return ChartLocation.repository(chart.repo(), chart.name(), chart.version());
    }
    if (!chart.path().isEmpty()) {
      return ChartLocation.local(Path.of(chart.path(), chart.name()));
    }
    if (chartRoot != null && !chartRoot.isEmpty()) {
      return ChartLocation.local(Path.of(chartRoot, chart.name()));
    }
    throw new HelmException(NO_CHART_SOURCE);
  }

  /** The render of {@code plan}: its release, and one values document per layer in merge order. */
  public static RenderRequest request(Plan plan, String chartRoot) {
    List<ValuesDocument> layers =
        plan.layers().entrySet().stream()
            .map(layer -> new ValuesDocument(layer.getKey(), layer.getValue()))
            .toList();
    return new RenderRequest(
        location(plan, chartRoot), plan.release().name(), plan.release().namespace(), layers);
  }
}
