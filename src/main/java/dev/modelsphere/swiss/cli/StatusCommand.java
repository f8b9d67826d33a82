package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.PlanStatus;
import dev.modelsphere.swiss.deploy.ReleaseStatus;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Shows a release as helm and swiss see it: revision, helm status, and the plan beside it. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Show the release's revision, helm status and plan status.")
public final class StatusCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    ReleaseRef name = source.release();
    ReleaseStatus status = cluster.deployer(source).status(name.namespace(), name.name());
    if (!status.exists() && !status.tracked()) {
      throw new CliException("no release " + name);
    }
    PrintWriter out = spec.commandLine().getOut();
    row(out, "release", name.toString());
    row(out, "revision", status.exists() ? Integer.toString(status.revision()) : "none");
    row(out, "helm", status.exists() ? orUnknown(status.helmStatus()) : "not installed");
    if (!status.chart().isEmpty()) {
      row(out, "chart", status.chart());
    }
    row(out, "plan", plan(status));
    if (status.tracked() && !status.plan().error().isEmpty()) {
      row(out, "error", status.plan().error());
    }
    out.flush();
  }

  private static String plan(ReleaseStatus status) {
    if (!status.tracked()) {
      return "untracked (no swiss plan beside it)";
    }
    PlanStatus plan = status.plan();
    String revision = plan.revision() > 0 ? " at revision " + plan.revision() : "";
    return orUnknown(plan.phase())
        + revision
        + (status.planHash().isEmpty() ? "" : " (" + status.planHash() + ")");
  }

  private static String orUnknown(String s) {
    return s.isEmpty() ? "unknown" : s;
  }

  private static void row(PrintWriter out, String key, String value) {
    out.printf("%-9s %s%n", key, value);
  }
}
