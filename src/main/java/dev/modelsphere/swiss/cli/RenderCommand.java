package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.plan.Plan;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Renders a plan's chart in process, as {@code helm template} would, and prints the objects. */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description =
        "Render the plan's chart with its layers and print the manifest. Touches no cluster.")
public final class RenderCommand implements Runnable {
  /**
   * Where render looks for charts when nothing else names a folder, as the reference's render does:
   * a checkout of the charts beside the one it runs from.
   */
  static final String SIBLING_CHARTS = "../charts";

  @Mixin PlanSourceOptions source;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    Plan plan = source.plan();
    String manifest =
        new ChartRenderer(ChartArchives.inUserCache())
            .render(PlanCharts.request(plan, source.chartRootOr(SIBLING_CHARTS)));
    PrintWriter out = spec.commandLine().getOut();
    out.print(manifest);
    out.flush();
  }
}
