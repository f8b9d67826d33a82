package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.chartrepo.ChartSource;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;

/** Turns a plan into what helm needs: where its chart is, and its layers as values files. */
public final class PlanCharts {

  private PlanCharts() {}

  /**
   * Where the plan's chart comes from, as {@link ChartRef#source} decides: the plan's chart path,
   * else its repository (an OCI registry or an http(s) chart repository), else {@code chartRoot}.
   *
   * @param chartRoot a folder of chart directories; may be null or empty
   */
  public static ChartLocation location(Plan plan, String chartRoot) {
    ChartRef chart = plan.chart();
    if (chart.name().isEmpty()) {
      throw new HelmException(ErrorKind.INVALID, "the plan names no chart");
    }
    ChartSource source =
        chart
            .source(chartRoot)
            .orElseThrow(() -> new HelmException(ErrorKind.INVALID, ChartRef.NO_SOURCE));
    return switch (source.kind()) {
      case FOLDER -> ChartLocation.local(source.folder());
      case OCI -> ChartLocation.oci(source.location(), chart.name(), chart.version());
      case HTTP -> ChartLocation.repository(source.location(), chart.name(), chart.version());
    };
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
