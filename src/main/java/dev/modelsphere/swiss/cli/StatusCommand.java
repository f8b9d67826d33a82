package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.canary.CanaryParent;
import dev.modelsphere.swiss.canary.Relationship;
import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.DeployCore;
import dev.modelsphere.swiss.deploy.PlanStatus;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.kube.StartupProgress;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.site.ProfileBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Shows a release as {@code swiss serve} reports it, from whichever backend owns it: revision, helm
 * status, the plan's status (or the LLMService operator's), the Canary relationship, and its pods
 * with the startup progress of those still starting.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Show the release's revision, helm status, plan status and pods.")
public final class StatusCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin OutputFormat output;

  @Option(
      names = {"-w", "--watch"},
      description =
          "Then follow the rollout until every pod is ready (exit 0), a pod cannot be scheduled"
              + " or keeps crashing, or --timeout passes.")
  boolean watch;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = "15m",
      description = "How long --watch follows: 90s, 15m (the default), 1h.")
  String timeout;

  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    ReleaseRef name = source.release();
    try (DeployCore core = cluster.core(source)) {
      StatusReport status = read(cluster, core, source, name.namespace(), name.name());
      if (!status.exists() && status.planStatus() == null && status.backend().isEmpty()) {
        throw new CliException("no release " + name);
      }
      output.print(spec.commandLine().getOut(), status, wide -> rows(name, status));
      if (watch) {
        WaitOptions.follow(
            spec.commandLine().getErr(),
            () -> read(cluster, core, source, name.namespace(), name.name()),
            timeout);
      }
    }
  }

  /** The release's status as swiss serve reports it, read live. */
  static StatusReport read(
      ClusterOptions cluster,
      DeployCore core,
      PlanSourceOptions source,
      String namespace,
      String name) {
    return cluster
        .statusView(core, source)
        .read(
            namespace,
            name,
            Optional.of(ProfileBuilder.builder().build()),
            plan -> Optional.empty());
  }

  /** The status of the release a write just changed. */
  static StatusReport read(
      ClusterOptions cluster, DeployCore core, PlanSourceOptions source, ApplyResult written) {
    return read(cluster, core, source, written.namespace(), written.release());
  }

  /** The report as aligned "key value" lines. */
  private static String rows(ReleaseRef name, StatusReport status) {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    row(out, "release", name.toString());
    row(out, "backend", status.backend().isEmpty() ? "helm (untracked)" : status.backend());
    row(out, "revision", status.exists() ? Integer.toString(status.revision()) : "none");
    row(out, "helm", status.exists() ? orUnknown(status.helmStatus()) : "not installed");
    if (status.llmservice() != null) {
      row(out, "operator", operator(status.llmservice()));
    } else {
      row(out, "plan", plan(status.planStatus()));
      if (status.planStatus() != null && !status.planStatus().error().isEmpty()) {
        row(out, "error", status.planStatus().error());
      }
    }
    canary(out, status.canary());
    if (!status.warning().isEmpty()) {
      row(out, "warning", status.warning());
    }
    row(out, "pods", "%d of %d ready".formatted(status.ready(), status.total()));
    for (PodView pod : status.pods()) {
      row(out, "pod", describe(pod));
    }
    out.flush();
    return text.toString();
  }

  /** The Canary relationship (spec/canary.md §3); nothing for a standalone release. */
  private static void canary(PrintWriter out, Relationship canary) {
    row(out, "canary", canary.canaryState().wireName());
    if (canary.managedBy() != null) {
      row(out, "owned by", parent(canary.managedBy()));
    }
    if (canary.assignedTo() != null) {
      row(out, "lent to", parent(canary.assignedTo()));
    }
  }

  private static String parent(CanaryParent parent) {
    String arm = parent.arm().isEmpty() ? "" : " arm " + parent.arm();
    String proof = parent.verified() ? "verified" : "not verified: " + parent.reason();
    return "%s/%s%s (%s)".formatted(parent.namespace(), parent.name(), arm, proof);
  }

  private static String operator(StatusReport.LlmServiceState service) {
    String message = service.message().isEmpty() ? "" : ": " + service.message();
    return orUnknown(service.phase()) + message;
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

  private static String plan(PlanStatus plan) {
    if (plan == null) {
      return "untracked (no swiss plan beside it)";
    }
    String revision = plan.revision() > 0 ? " at revision " + plan.revision() : "";
    return orUnknown(plan.phase()) + revision;
  }

  private static String orUnknown(String s) {
    return s.isEmpty() ? "unknown" : s;
  }

  private static void row(PrintWriter out, String key, String value) {
    out.printf("%-9s %s%n", key, value);
  }
}
