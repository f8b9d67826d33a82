package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.site.ProfileBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Shows a release as {@code swiss serve} reports it, from whichever backend owns it: revision, helm
 * status, the plan's status (or the LLMService operator's), the Canary relationship, and its pods
 * with the startup progress of those still starting. The table is a view of the API's answer, so it
 * reads the same whether the answer came from the cluster or from a swiss server.
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

  @Mixin ServerOption server;
  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    ReleaseRef name = source.release();
    Optional<SwissApi> api = server.api();
    if (api.isPresent()) {
      String path = SwissApi.releasePath(name.namespace(), name.name(), "/status");
      show(name, api.get().get(path), () -> StatusJson.report(api.get().get(path)));
      return;
    }
    try (DeployCore core = cluster.core(source)) {
      StatusReport status = read(cluster, core, source, name.namespace(), name.name());
      show(
          name,
          StatusJson.tree(status),
          () -> read(cluster, core, source, name.namespace(), name.name()));
    }
  }

  private void show(ReleaseRef name, JsonNode status, Supplier<StatusReport> again) {
    if (!status.path("exists").asBoolean()
        && status.path("planStatus").isMissingNode()
        && status.path("backend").asText().isEmpty()) {
      throw new CliException("no release " + name);
    }
    output.print(spec.commandLine().getOut(), status, wide -> rows(name, status));
    if (watch) {
      WaitOptions.follow(spec.commandLine().getErr(), again, timeout);
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

  /** The answer as aligned "key value" lines. */
  static String rows(ReleaseRef name, JsonNode status) {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    boolean exists = status.path("exists").asBoolean();
    String backend = status.path("backend").asText();
    row(out, "release", name.toString());
    row(out, "backend", backend.isEmpty() ? "helm (untracked)" : backend);
    row(out, "revision", exists ? status.path("revision").asText() : "none");
    row(out, "helm", exists ? orUnknown(status.path("helmStatus").asText()) : "not installed");
    JsonNode service = status.path("llmservice");
    JsonNode plan = status.path("planStatus");
    if (!service.isMissingNode()) {
      String message = service.path("message").asText();
      row(
          out,
          "operator",
          orUnknown(service.path("phase").asText()) + (message.isEmpty() ? "" : ": " + message));
    } else {
      row(out, "plan", plan(plan));
      if (!plan.path("error").asText().isEmpty()) {
        row(out, "error", plan.path("error").asText());
      }
      String chart = plan.path("chartDigest").asText();
      if (!chart.isEmpty()) {
        String forcedFrom = plan.path("chartForcedFrom").asText();
        row(
            out,
            "chart",
            HistoryCommand.shortHash(chart)
                + (forcedFrom.isEmpty()
                    ? ""
                    : " (rolled back past a re-pushed chart: the revision had run %s)"
                        .formatted(HistoryCommand.shortHash(forcedFrom))));
      }
    }
    row(out, "canary", status.path("canaryState").asText());
    if (status.has("managedBy")) {
      row(out, "owned by", parent(status.path("managedBy")));
    }
    if (status.has("assignedTo")) {
      row(out, "lent to", parent(status.path("assignedTo")));
    }
    String route = status.path("route").asText();
    if (!route.isEmpty()) {
      String url = status.path("url").asText();
      row(out, "route", url.isEmpty() ? route : route + " at " + url);
    }
    if (!status.path("warning").asText().isEmpty()) {
      row(out, "warning", status.path("warning").asText());
    }
    row(
        out,
        "pods",
        "%d of %d ready".formatted(status.path("ready").asInt(), status.path("total").asInt()));
    for (JsonNode pod : status.path("pods")) {
      row(out, "pod", describe(pod));
    }
    out.flush();
    return text.toString();
  }

  private static String parent(JsonNode parent) {
    String arm = parent.path("arm").asText();
    String proof =
        parent.path("verified").asBoolean()
            ? "verified"
            : "not verified: " + parent.path("reason").asText();
    return "%s/%s%s (%s)"
        .formatted(
            parent.path("namespace").asText(),
            parent.path("name").asText(),
            arm.isEmpty() ? "" : " arm " + arm,
            proof);
  }

  private static String describe(JsonNode pod) {
    StringBuilder line =
        new StringBuilder(pod.path("name").asText())
            .append(' ')
            .append(orUnknown(pod.path("phase").asText()))
            .append(pod.path("ready").asBoolean() ? ", ready" : ", not ready");
    if (pod.path("restarts").asInt() > 0) {
      line.append(", ").append(pod.path("restarts").asInt()).append(" restarts");
    }
    JsonNode startup = pod.path("startup");
    if (!startup.isMissingNode()) {
      line.append(
          ", startup %s (%ds of %ds)"
              .formatted(
                  startup.path("state").asText(),
                  startup.path("elapsedSeconds").asInt(),
                  startup.path("budgetSeconds").asInt()));
    }
    if (!pod.path("message").asText().isEmpty()) {
      line.append(": ").append(pod.path("message").asText());
    }
    return line.toString();
  }

  private static String plan(JsonNode plan) {
    if (plan.isMissingNode()) {
      return "untracked (no swiss plan beside it)";
    }
    int revision = plan.path("revision").asInt();
    return orUnknown(plan.path("phase").asText())
        + (revision > 0 ? " at revision " + revision : "");
  }

  private static String orUnknown(String s) {
    return s.isEmpty() ? "unknown" : s;
  }

  private static void row(PrintWriter out, String key, String value) {
    out.printf("%-9s %s%n", key, value);
  }
}
