package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.helm.SchemaViolation;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck.Verdict;
import dev.modelsphere.swiss.plan.Plan;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The chart accepts the plan's values: its values.schema.json (and its subcharts') accepts them.
 * Checked in Java first ({@link ValuesSchemaCheck}: no helm, no files written): values it finds
 * accepted pass with no render. Anything else, a violation or a chart it cannot check alone, is
 * rendered as helm would render it, and the render decides: each path helm's schema check refuses
 * is its own problem, on that path, in helm's words; a chart that does not render is a problem on
 * the chart.
 *
 * <p>The templates are not rendered for values the schema accepts: a template that fails on them is
 * found by the diff, which renders, and by the install's own render before it writes anything.
 */
public final class ChartSchemaRule implements PreflightRule {
  public static final String NAME = "chart-schema";

  private final PlanRenders renders;
  private final ValuesSchemaCheck schemas;
  private final String chartRoot;

  /**
   * A rule that checks charts on disk in Java and renders the rest.
   *
   * @param chartRoot the folder of chart directories a plan without a chart source renders from;
   *     may be empty
   */
  public ChartSchemaRule(ChartRenderer renderer, String chartRoot) {
    this(PlanRenders.of(renderer), new ValuesSchemaCheck(Optional.empty()), chartRoot);
  }

  /**
   * A rule whose renders the deployer may reuse: given the deployer's own {@link PlanRenders}, an
   * install whose preflight had to render does not render the plan again.
   *
   * @param schemas the Java check, with the chart archives' cache so it reads repository charts
   */
  public ChartSchemaRule(PlanRenders renders, ValuesSchemaCheck schemas, String chartRoot) {
    this.renders = renders;
    this.schemas = schemas;
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
      if (schemas.check(PlanCharts.request(plan, chartRoot)) == Verdict.ACCEPTED) {
        return List.of();
      }
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
