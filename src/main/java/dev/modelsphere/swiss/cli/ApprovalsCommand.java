package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.approval.ApprovalAsk;
import dev.modelsphere.swiss.server.routes.ApprovalRoutes;
import dev.modelsphere.swiss.store.Approval;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Approval requests on a swiss server whose site requires approval: the list, and asking for one.
 * Approvals live in the server's database, so these go through a server only.
 */
@Command(
    name = "approvals",
    mixinStandardHelpOptions = true,
    description =
        "List approval requests, pending first (a server's; see swiss approve to decide one).",
    subcommands = {ApprovalsCommand.Request.class})
public final class ApprovalsCommand implements Runnable {
  @Mixin ServerOption server;
  @Mixin OutputFormat output;
  @Spec CommandSpec spec;

  @Option(names = "--namespace", description = "Only requests for releases in this namespace.")
  String namespace;

  @Option(names = "--release", description = "Only requests for this release.")
  String release;

  @Option(
      names = "--state",
      description = "Only requests in this state: pending, approved, rejected, spent, expired.")
  String state;

  @Override
  public void run() {
    List<String> query = new ArrayList<>();
    add(query, "namespace", namespace);
    add(query, "release", release);
    add(query, "state", state);
    String path = "/api/approvals" + (query.isEmpty() ? "" : "?" + String.join("&", query));
    ApprovalRoutes.Listed answer = api(server).get(path, ApprovalRoutes.Listed.class);
    output.print(spec.commandLine().getOut(), answer, wide -> table(answer.approvals()));
  }

  /** The server to ask: approvals are kept nowhere else. */
  static SwissApi api(ServerOption server) {
    return server
        .api()
        .orElseThrow(
            () ->
                new CliException(
                    "approvals are kept by a swiss server: pass --server URL (or swiss login)"));
  }

  static String table(List<Approval> approvals) {
    Table table = new Table();
    table.add("ID", "STATE", "ACTION", "RELEASE", "WHAT", "ASKED BY", "DECIDED BY", "NOTE");
    for (Approval a : approvals) {
      String hash = a.planHash().isEmpty() ? a.contentHash() : a.planHash();
      String what =
          !hash.isEmpty()
              ? hash.substring(0, Math.min(hash.length(), 19))
              : a.toRevision() > 0 ? "revision " + a.toRevision() : "-";
      table.add(
          Long.toString(a.id()),
          a.state(),
          a.action(),
          a.release().isEmpty() ? "(the site)" : a.namespace() + "/" + a.release(),
          what,
          a.requestedBy(),
          dash(a.decidedBy()),
          dash(a.note()));
    }
    return table.render();
  }

  private static String dash(String cell) {
    return cell.isEmpty() ? "-" : cell;
  }

  private static void add(List<String> query, String name, String value) {
    if (value != null && !value.isEmpty()) {
      query.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
    }
  }

  /**
   * Asks for approval of one write, all of it: the flags and chart digest the write will send are
   * part of what is approved, and a write that sends others is refused.
   */
  @Command(
      name = "request",
      mixinStandardHelpOptions = true,
      description =
          "Ask another user to approve one write (install, apply, adopt, rollback, uninstall,"
              + " profile, slo-put, slo-delete) exactly as it will be sent; prints the request's"
              + " id.")
  static final class Request implements Runnable {
    @Mixin ServerOption server;
    @Mixin OutputFormat output;
    @Spec CommandSpec spec;

    @Option(
        names = "--action",
        required = true,
        description =
            "What to approve: install, apply, adopt, rollback, uninstall, profile, slo-put or"
                + " slo-delete.")
    String action;

    @Option(
        names = "--namespace",
        description = "The release's namespace (every action but profile).")
    String namespace;

    @Option(names = "--release", description = "The release (every action but profile).")
    String release;

    @Option(names = "--plan-hash", description = "The plan to install or apply (swiss plan).")
    String planHash;

    @Option(names = "--to-revision", description = "The revision a rollback restores.")
    int toRevision;

    @Option(
        names = "--content-hash",
        paramLabel = "sha256:HEX",
        description =
            "What a profile or slo-put change stores: the hash its refusal names (sha256 of the"
                + " profile text).")
    String contentHash;

    @Option(
        names = "--chart-digest",
        paramLabel = "sha256:HEX",
        description = "The chart digest the install or apply will expect (--expect-chart-digest).")
    String chartDigest;

    @Option(names = "--force-conflicts", description = "The install or apply will force conflicts.")
    boolean forceConflicts;

    @Option(
        names = "--force-chart",
        description = "The rollback will go past a chart archive the repository no longer serves.")
    boolean forceChart;

    @Option(names = "--note", description = "Why, for the approver.")
    String note;

    @Override
    public void run() {
      Approval answer = api(server).post("/api/approvals", ask(), Approval.class);
      output.print(
          spec.commandLine().getOut(),
          answer,
          wide ->
              "approval #%d pending: another user approves it with swiss approve %d%n"
                  .formatted(answer.id(), answer.id()));
    }

    /** The body of {@code POST /api/approvals} the flags describe. */
    ApprovalAsk ask() {
      return new ApprovalAsk(
          action,
          namespace,
          release,
          planHash,
          toRevision,
          contentHash,
          chartDigest,
          forceConflicts,
          forceChart,
          note);
    }
  }
}
