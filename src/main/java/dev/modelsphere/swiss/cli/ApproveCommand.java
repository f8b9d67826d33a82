package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Approves (or, with {@code --reject}, rejects) another user's approval request on a server. */
@Command(
    name = "approve",
    mixinStandardHelpOptions = true,
    description =
        "Approve another user's request (swiss approvals lists them); --reject refuses it instead.")
public final class ApproveCommand implements Runnable {
  @Mixin ServerOption server;
  @Mixin OutputFormat output;
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "ID", description = "The request's id.")
  long id;

  @Option(names = "--reject", description = "Reject the request instead of approving it.")
  boolean reject;

  @Option(names = "--note", description = "Kept with the decision and in the audit log.")
  String note;

  @Override
  public void run() {
    Map<String, Object> body = new LinkedHashMap<>();
    if (note != null && !note.isEmpty()) {
      body.put("note", note);
    }
    String verb = reject ? "reject" : "approve";
    JsonNode answer =
        ApprovalsCommand.api(server).post("/api/approvals/%d/%s".formatted(id, verb), body);
    output.print(
        spec.commandLine().getOut(),
        answer,
        wide ->
            "approval #%d %s by %s%n"
                .formatted(id, answer.path("state").asText(), answer.path("decidedBy").asText()));
  }
}
