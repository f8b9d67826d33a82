package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.approval.ApprovalAsk;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * Whether a write through a server waits for the approval its site requires ({@link
 * ApprovedWrite}).
 */
final class ApprovalWaitOption {
  @Option(
      names = "--no-wait-approval",
      description =
          "Through a server on a site that requires approval: ask for one (or find yours) and"
              + " exit with code 3 instead of waiting until another user approves it; run the"
              + " same command again once it is approved.")
  boolean noWait;

  /** {@code write}'s answer, made once the approval {@code ask} names is there to spend. */
  <T> T send(SwissApi api, ApprovalAsk ask, CommandSpec spec, Supplier<T> write) {
    return new ApprovedWrite(api, ask, !noWait, spec.commandLine().getErr()).send(write);
  }

  /**
   * Posts {@code body} to {@code path}, a write that makes a revision of the release {@code ask}
   * names, once its approval is there to spend; what the server made.
   */
  ApplyResult post(SwissApi api, ApprovalAsk ask, CommandSpec spec, String path, Object body) {
    return send(api, ask, spec, () -> ServerCalls.applied(api.post(path, body), ask.namespace()));
  }
}
