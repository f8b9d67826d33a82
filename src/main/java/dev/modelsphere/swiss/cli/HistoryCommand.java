package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.view.RevisionsView;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A release's revisions, newest first, with the plan each came from where swiss keeps it: what
 * {@code rollback --to-revision} can pick. The table is a view of the API's answer, so it reads the
 * same from the cluster and from a server.
 */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    description = "List the release's revisions and the model, variant and chart of each.")
public final class HistoryCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin OutputFormat output;
  @Mixin ServerOption server;
  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    ReleaseRef release = source.release();
    Optional<SwissApi> api = server.api();
    JsonNode answer;
    if (api.isPresent()) {
      answer =
          api.get().get(SwissApi.releasePath(release.namespace(), release.name(), "/revisions"));
    } else {
      try (DeployCore core = cluster.core(source)) {
        answer =
            StatusJson.tree(
                RevisionsView.list(core.backends(), release.namespace(), release.name()));
      }
    }
    output.print(spec.commandLine().getOut(), answer, wide -> table(answer, wide));
  }

  static String table(JsonNode answer, boolean wide) {
    Table table = new Table();
    table.add("REVISION", "MODEL", "VERSION", "VARIANT", "CHART", "CHART DIGEST", "PLAN");
    for (JsonNode row : answer.path("revisions")) {
      String hash = row.path("planHash").asText();
      String digest = row.path("chartDigest").asText();
      table.add(
          row.path("revision").asText() + marks(row),
          dash(row.path("model").asText()),
          dash(row.path("version").asText()),
          dash(row.path("variant").asText()),
          dash(row.path("chart").asText()),
          dash(wide ? digest : shortHash(digest)),
          dash(wide ? hash : shortHash(hash)));
    }
    return table.render();
  }

  /** What the revision cell says beside the number: live, and written without preflight. */
  private static String marks(JsonNode row) {
    List<String> marks = new ArrayList<>();
    if (row.path("current").asBoolean()) {
      marks.add("live");
    }
    if (row.path("preflightSkipped").asBoolean()) {
      marks.add("preflight skipped");
    }
    return marks.isEmpty() ? "" : " (" + String.join(", ", marks) + ")";
  }

  /** {@code sha256:} and the first 12 hex digits: enough to tell plans or charts apart by eye. */
  static String shortHash(String hash) {
    return hash.length() <= 19 ? hash : hash.substring(0, 19);
  }

  private static String dash(String cell) {
    return cell.isEmpty() ? "-" : cell;
  }
}
