package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.server.api.WriteAnswers;
import java.io.PrintWriter;
import java.util.function.Supplier;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What a command that writes a revision (apply, install, rollback) prints once the write is made,
 * with {@code -o} and {@code --wait}: one mixin, so the three answer alike whether they wrote in
 * process or through a server.
 */
final class WrittenRevision {
  @Mixin OutputFormat output;
  @Mixin WaitOptions wait;

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  /**
   * Prints the write's result, then follows the rollout when {@code --wait} asks for it.
   *
   * @param plan the plan applied, for the pods' selector; null when not at hand
   * @param status reads the release's status, as the rollout is followed
   */
  void print(Plan plan, ApplyResult result, Supplier<StatusReport> status) {
    report(plan, result);
    wait.follow(spec.commandLine().getErr(), status);
  }

  /** The same for a write a server made: the rollout is followed through its status route. */
  void printFromServer(ApplyResult result, SwissApi api) {
    print(null, result, () -> ServerCalls.status(api, result.namespace(), result.release()));
  }

  /**
   * Prints the revision on stdout (or the API's answer, for {@code -o json|yaml}), and how to
   * follow the rollout on stderr; a command that follows it itself needs no hint how to.
   */
  private void report(Plan plan, ApplyResult result) {
    String line = result.namespace() + "/" + result.release() + " revision " + result.revision();
    output.print(spec.commandLine().getOut(), WriteAnswers.Applied.of(result), wide -> line + "\n");
    PrintWriter err = spec.commandLine().getErr();
    if (!result.changed()) {
      // Nothing was submitted, so there is no rollout to follow or to point at.
      err.println(result.output());
      err.flush();
      return;
    }
    String hash =
        result.planHash().length() > 19 ? result.planHash().substring(0, 19) : result.planHash();
    if (wait.wait) {
      err.println("submitted (" + hash + "); following the rollout");
    } else {
      err.println("submitted (" + hash + "); helm does not wait for the model to load");
      err.println(
          "watch it: swiss status --release %s --namespace %s, or --wait"
              .formatted(result.release(), result.namespace()));
      err.println(
          "     or: kubectl -n %s get pods -l %s -w"
              .formatted(result.namespace(), StatusView.podSelector(result.release(), plan)));
    }
    if (!result.statusError().isEmpty()) {
      err.println("warning: the plan's status was not updated: " + result.statusError());
    }
    err.flush();
  }
}
