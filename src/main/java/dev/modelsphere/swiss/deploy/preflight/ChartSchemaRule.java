package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.deploy.PlanRenders;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.SchemaViolation;
import dev.modelsphere.swiss.plan.Plan;
import java.util.Arrays;
import java.util.List;

/**
 * The chart accepts the plan's values: the plan is rendered as helm would render it, and the render
 * is the check, so the chart's own values.schema.json and templates decide. Each path the schema
 * refuses is its own problem, on that path.
 */
public final class ChartSchemaRule implements PreflightRule {
  public static final String NAME = "chart-schema";

  private final PlanRenders renders;
  private final String chartRoot;

  /**
   * @param chartRoot the folder of chart directories a plan without a chart source renders from;
   *     may be empty
   */
  public ChartSchemaRule(ChartRenderer renderer, String chartRoot) {
    this(PlanRenders.of(renderer), chartRoot);
  }

  /**
   * A rule whose renders the deployer may reuse: given the deployer's own {@link PlanRenders}, the
   * install after a passed preflight does not render the plan again.
   */
  public ChartSchemaRule(PlanRenders renders, String chartRoot) {
    this.renders = renders;
    this.chartRoot = chartRoot;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Problem> check(Proposal proposal) {
    Plan plan = proposal.plan();
    try {
      renders.render(plan, chartRoot);
      return List.of();
    } catch (SchemaViolation refused) {
      return refusals(refused);
    } catch (HelmException e) {
      return List.of(
          problem(
              "chart",
              "chart %s %s does not render with the plan's values: %s"
                  .formatted(plan.chart().name(), plan.chart().version(), e.getMessage())));
    }
  }

  private List<Problem> refusals(SchemaViolation refused) {
    if (refused.paths().isEmpty()) {
      return List.of(problem("", refused.getMessage()));
    }
    return refused.paths().stream()
        .map(
            path ->
                problem(
                    path,
                    "chart %s's schema refuses the value at %s%s: change it in the form or the edits, or in the catalog entry that sets it"
                        .formatted(refused.chart(), path, helmDetail(refused, path))))
        .toList();
  }

  /** Helm's own line about this path (" (- at '/replicaCount': got string, want integer)"). */
  private static String helmDetail(SchemaViolation refused, String path) {
    String pointer = "'/" + path.replace('.', '/') + "'";
    String key = "'" + path.substring(path.lastIndexOf('.') + 1) + "'";
    return Arrays.stream(refused.getMessage().split("\n"))
        .map(String::strip)
        .filter(line -> line.startsWith("- at") && (line.contains(pointer) || line.contains(key)))
        .findFirst()
        .map(line -> " (helm: %s)".formatted(line.substring(2)))
        .orElse("");
  }
}
