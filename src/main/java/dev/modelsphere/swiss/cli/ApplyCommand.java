package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.server.api.ApplyRequest;
import dev.modelsphere.swiss.server.api.WriteAnswers;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Upgrades an existing release to a plan through the backend that owns it: helm, recording the plan
 * beside the release, or its LLMService, waiting for the operator. With {@code --model} the plan is
 * composed from the release as it runs, as {@code POST /api/plans} with {@code fromRelease}
 * composes it: its form and edits carried forward, its service id and GPU products held.
 */
@Command(
    name = "apply",
    mixinStandardHelpOptions = true,
    description = "Upgrade an existing release to the plan and print the revision it produced.")
public final class ApplyCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin ClusterOptions cluster;
  @Mixin WriteOptions write;
  @Mixin WaitOptions wait;
  @Mixin ServerOption server;
  @Mixin ApprovalWaitOption approval;
  @Mixin OutputFormat output;
  @Spec CommandSpec spec;

  @Option(
      names = "--force-conflicts",
      description =
          "Take over fields another field manager owns (an autoscaler, kubectl) instead of"
              + " stopping at the conflict; recorded as forced beside the release.")
  boolean forceConflicts;

  @Override
  public void run() {
    Optional<SwissApi> api = server.api();
    if (api.isPresent()) {
      Plan stored = source.serverUpgradePlan(api.get());
      ApplyRequest request = write.requestFor(stored.hash(), forceConflicts, false);
      ApplyResult result =
          approval.send(
              api.get(),
              ApprovalAsks.ofPlan(stored.release(), request, "apply"),
              spec,
              () ->
                  ServerCalls.applied(
                      api.get().post("/api/apply", request), stored.release().namespace()));
      finishOnServer(spec, output, result, wait, api.get());
      return;
    }
    try (DeployCore core = cluster.core(source)) {
      DeployUseCases useCases = cluster.useCases(core, source);
      Plan plan = source.upgradePlan(useCases.composer(), spec.commandLine().getErr());
      ApplyOptions options = write.options("apply");
      ApplyResult result =
          useCases
              .writes()
              .apply(
                  ClusterOptions.localUser(),
                  plan,
                  Mode.UPGRADE,
                  forceConflicts ? options.forcingConflicts() : options);
      finish(
          spec,
          output,
          plan,
          result,
          wait,
          () -> StatusCommand.read(cluster, core, source, result));
    }
  }

  /** Prints the write's result, then follows the rollout when {@code --wait} asks for it. */
  static void finish(
      CommandSpec spec,
      OutputFormat output,
      Plan plan,
      ApplyResult result,
      WaitOptions wait,
      Supplier<StatusReport> status) {
    report(spec, output, plan, result, wait);
    wait.follow(spec.commandLine().getErr(), status);
  }

  /** The same for a write a server made: the rollout is followed through its status route. */
  static void finishOnServer(
      CommandSpec spec, OutputFormat output, ApplyResult result, WaitOptions wait, SwissApi api) {
    finish(
        spec,
        output,
        null,
        result,
        wait,
        () -> ServerCalls.status(api, result.namespace(), result.release()));
  }

  /**
   * Prints the revision on stdout (or the API's answer, for {@code -o json|yaml}), and how to
   * follow the rollout on stderr.
   *
   * @param plan the plan applied, for the pods' selector; null when not at hand
   * @param wait whether the command follows the rollout itself, so needs no hint how to
   */
  private static void report(
      CommandSpec spec, OutputFormat output, Plan plan, ApplyResult result, WaitOptions wait) {
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
