package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.server.routes.ApprovalRoutes;
import dev.modelsphere.swiss.store.Approval;
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
    String verb = reject ? "reject" : "approve";
    Approval answer =
        ApprovalsCommand.api(server)
            .post("/api/approvals/%d/%s".formatted(id, verb), decision(), Approval.class);
    output.print(
        spec.commandLine().getOut(),
        answer,
        wide -> "approval #%d %s by %s%n".formatted(id, answer.state(), answer.decidedBy()));
  }

  /** The body of the approve or reject: the note, left out when none was given. */
  ApprovalRoutes.Decision decision() {
    return new ApprovalRoutes.Decision(note);
  }
}
