package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.ApplyOptions;
import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.BackendChoice;
import dev.modelsphere.swiss.deploy.Mode;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.plan.Plan;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Upgrades an existing release to a plan through the backend that owns it: helm, recording the plan
 * beside the release, or its LLMService, waiting for the operator.
 */
@Command(
    name = "apply",
    mixinStandardHelpOptions = true,
    description = "Upgrade an existing release to the plan and print the revision it produced.")
public final class ApplyCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin ClusterOptions cluster;
  @Mixin WriteOptions write;
  @Spec CommandSpec spec;

  @Option(
      names = "--force-conflicts",
      description =
          "LLMService releases: take over fields other managers own. Refused for helm releases,"
              + " which swiss applies client-side.")
  boolean forceConflicts;

  @Override
  public void run() {
    Plan plan = source.plan();
    boolean helm =
        cluster.writer(source, plan.release(), Mode.UPGRADE) != BackendChoice.Owner.LLMSVC;
    if (forceConflicts && helm) {
      // Refused rather than ignored: the embedded Helm (helm-java 0.0.21) has no server-side
      // apply, so accepting the flag would claim a force that never happened.
      throw new CliException(
          "--force-conflicts forces a server-side apply past other field managers, but swiss"
              + " applies with Helm v3's client-side three-way merge, which never refuses a field"
              + " another manager owns: run the apply without --force-conflicts");
    }
    ApplyOptions options = write.options("apply");
    ApplyResult result =
        cluster.apply(
            source, plan, Mode.UPGRADE, forceConflicts ? options.forcingConflicts() : options);
    report(spec, plan, result);
  }

  /**
   * Prints the revision on stdout, and how to follow the rollout on stderr.
   *
   * @param plan the plan applied, for the pods' selector; null when not at hand
   */
  static void report(CommandSpec spec, Plan plan, ApplyResult result) {
    PrintWriter out = spec.commandLine().getOut();
    out.println(result.namespace() + "/" + result.release() + " revision " + result.revision());
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
    String hash =
        result.planHash().length() > 19 ? result.planHash().substring(0, 19) : result.planHash();
    err.println("submitted (" + hash + "); helm does not wait for the model to load");
    err.println(
        "watch it: kubectl -n %s get pods -l %s -w"
            .formatted(result.namespace(), StatusView.podSelector(result.release(), plan)));
    if (!result.statusError().isEmpty()) {
      err.println("warning: the plan's status was not updated: " + result.statusError());
    }
    err.flush();
  }
}
