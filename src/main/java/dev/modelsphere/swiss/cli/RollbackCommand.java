package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.server.api.RollbackRequest;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Re-applies the plan an earlier revision was deployed from. It goes forward: the release gets a
 * new revision whose values equal the old one's.
 */
@Command(
    name = "rollback",
    mixinStandardHelpOptions = true,
    description =
        "Re-apply the archived plan of an earlier revision as a new revision."
            + " Without --to-revision, list the revisions whose plans are archived.")
public final class RollbackCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin ClusterOptions cluster;
  @Mixin WrittenRevision written;
  @Mixin ServerOption server;
  @Mixin ApprovalWaitOption approval;
  @Spec CommandSpec spec;

  @Option(
      names = "--to-revision",
      paramLabel = "N",
      description = "The revision whose plan to re-apply.")
  int toRevision;

  @Option(
      names = "--expect-revision",
      paramLabel = "N",
      description =
          "The live revision you looked at; required, so a rollback cannot overwrite"
              + " an apply that landed in between.")
  int expectRevision;

  @Option(names = "--note", description = "Free text recorded beside the plan.")
  String note;

  @Option(
      names = "--force-chart",
      description =
          "Roll back even though the repository now serves another archive under the chart"
              + " version the revision ran (the version was pushed again); recorded beside the"
              + " release.")
  boolean forceChart;

  @Override
  public void run() {
    ReleaseRef release = source.release();
    Optional<SwissApi> api = server.api();
    if (api.isPresent()) {
      if (toRevision <= 0) {
        listArchived(archivedOnServer(api.get(), release), release);
        return;
      }
      RollbackRequest request = request();
      ApplyResult result =
          approval.post(
              api.get(),
              ApprovalAsks.ofRollback(release, request),
              spec,
              SwissApi.releasePath(release.namespace(), release.name(), "/rollback"),
              request);
      written.printFromServer(result, api.get());
      return;
    }
    try (DeployCore core = cluster.core(source)) {
      if (toRevision <= 0) {
        listArchived(
            archived(
                core.backends()
                    .reads(release.namespace(), release.name())
                    .revisions(release.namespace(), release.name())),
            release);
        return;
      }
      ApplyResult result =
          cluster
              .useCases(core, source)
              .writes()
              .rollback(
                  ClusterOptions.localUser(),
                  release.namespace(),
                  release.name(),
                  request().rollback());
      written.print(null, result, () -> StatusCommand.read(cluster, core, source, result));
    }
  }

  RollbackRequest request() {
    return new RollbackRequest(toRevision, expectRevision, note, forceChart);
  }

  /** The earlier revisions the cluster keeps a plan of: what a rollback can go back to. */
  private static List<Integer> archived(List<RevisionList.Revision> rows) {
    return rows.stream()
        .filter(row -> !row.current() && (!row.model().isEmpty() || !row.planHash().isEmpty()))
        .map(RevisionList.Revision::revision)
        .toList();
  }

  /** The earlier revisions the server keeps a plan of: what a rollback can go back to. */
  private static List<Integer> archivedOnServer(SwissApi api, ReleaseRef release) {
    JsonNode answer =
        api.get(SwissApi.releasePath(release.namespace(), release.name(), "/revisions"));
    List<Integer> revisions = new ArrayList<>();
    for (JsonNode row : answer.path("revisions")) {
      // A row read from an archived plan names its model; a bare helm revision names nothing.
      boolean archived =
          !row.path("model").asText().isEmpty() || !row.path("planHash").asText().isEmpty();
      if (!row.path("current").asBoolean() && archived) {
        revisions.add(row.path("revision").asInt());
      }
    }
    return revisions;
  }

  private void listArchived(List<Integer> revisions, ReleaseRef release) {
    PrintWriter out = spec.commandLine().getOut();
    if (revisions.isEmpty()) {
      out.println(release + " has no archived plans to roll back to");
    } else {
      out.println(
          release
              + " can roll back to revision "
              + joined(revisions)
              + ": pass --to-revision N --expect-revision <live revision>");
    }
    out.flush();
  }

  private static String joined(List<Integer> revisions) {
    return String.join(", ", revisions.stream().map(String::valueOf).toList());
  }
}
