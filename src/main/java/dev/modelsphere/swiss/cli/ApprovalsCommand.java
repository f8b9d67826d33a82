package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    JsonNode answer = api(server).get(path);
    output.print(spec.commandLine().getOut(), answer, wide -> table(answer.path("approvals")));
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

  static String table(JsonNode approvals) {
    Table table = new Table();
    table.add("ID", "STATE", "ACTION", "RELEASE", "WHAT", "ASKED BY", "DECIDED BY", "NOTE");
    for (JsonNode a : approvals) {
      String hash =
          a.path("planHash").asText().isEmpty()
              ? a.path("contentHash").asText()
              : a.path("planHash").asText();
      String what =
          !hash.isEmpty()
              ? hash.substring(0, Math.min(hash.length(), 19))
              : a.path("toRevision").asInt() > 0 ? "revision " + a.path("toRevision").asInt() : "-";
      table.add(
          a.path("id").asText(),
          a.path("state").asText(),
          a.path("action").asText(),
          a.path("release").asText().isEmpty()
              ? "(the site)"
              : a.path("namespace").asText() + "/" + a.path("release").asText(),
          what,
          a.path("requestedBy").asText(),
          dash(a.path("decidedBy").asText()),
          dash(a.path("note").asText()));
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
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("action", action);
      putText(body, "namespace", namespace);
      putText(body, "release", release);
      putText(body, "planHash", planHash);
      if (toRevision > 0) {
        body.put("toRevision", toRevision);
      }
      putText(body, "contentHash", contentHash);
      putText(body, "chartDigest", chartDigest);
      if (forceConflicts) {
        body.put("forceConflicts", true);
      }
      if (forceChart) {
        body.put("forceChart", true);
      }
      putText(body, "note", note);
      JsonNode answer = api(server).post("/api/approvals", body);
      output.print(
          spec.commandLine().getOut(),
          answer,
          wide ->
              "approval #%s pending: another user approves it with swiss approve %s%n"
                  .formatted(answer.path("id").asText(), answer.path("id").asText()));
    }

    private static void putText(Map<String, Object> body, String member, String value) {
      if (value != null && !value.isEmpty()) {
        body.put(member, value);
      }
    }
  }
}
