package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.PlanStatus;
import dev.modelsphere.swiss.deploy.ReleaseStatus;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.kube.StartupProgress;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Shows a release as helm and swiss see it: revision, helm status, the plan beside it, and its pods
 * with the startup progress of those still starting.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Show the release's revision, helm status, plan status and pods.")
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
    pods(out, name, status);
    out.flush();
  }

  /** Each pod, and for one still starting how far its startup probe has got. */
  private void pods(PrintWriter out, ReleaseRef name, ReleaseStatus status) {
    List<PodView> pods =
        cluster
            .pods(source)
            .matching(name.namespace(), StatusView.podSelector(name.name(), status.current()));
    long ready = pods.stream().filter(PodView::ready).count();
    row(out, "pods", "%d of %d ready".formatted(ready, pods.size()));
    for (PodView pod : pods) {
      row(out, "pod", describe(pod));
    }
  }

  private static String describe(PodView pod) {
    StringBuilder line =
        new StringBuilder(pod.name())
            .append(' ')
            .append(orUnknown(pod.phase()))
            .append(pod.ready() ? ", ready" : ", not ready");
    if (pod.restarts() > 0) {
      line.append(", ").append(pod.restarts()).append(" restarts");
    }
    StartupProgress startup = pod.startup();
    if (startup != null) {
      line.append(
          ", startup %s (%ds of %ds)"
              .formatted(
                  startup.state().wireName(), startup.elapsedSeconds(), startup.budgetSeconds()));
    }
    if (!pod.message().isEmpty()) {
      line.append(": ").append(pod.message());
    }
    return line.toString();
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
