package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.Mode;
import dev.modelsphere.swiss.plan.Plan;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Upgrades an existing release to a plan, recording the plan beside it. */
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
          "Refused: it takes field ownership in a server-side apply, and swiss applies client-side.")
  boolean forceConflicts;

  @Override
  public void run() {
    if (forceConflicts) {
      // Refused rather than ignored: the embedded Helm (helm-java 0.0.21) has no server-side
      // apply, so accepting the flag would claim a force that never happened.
      throw new CliException(
          "--force-conflicts forces a server-side apply past other field managers, but swiss"
              + " applies with Helm v3's client-side three-way merge, which never refuses a field"
              + " another manager owns: run the apply without --force-conflicts");
    }
    Plan plan = source.plan();
    ApplyResult result = cluster.deployer(source).apply(plan, Mode.UPGRADE, write.options("apply"));
    report(spec, plan, result);
  }

  /** Prints the revision on stdout, and how to follow the rollout on stderr. */
  static void report(CommandSpec spec, Plan plan, ApplyResult result) {
    PrintWriter out = spec.commandLine().getOut();
    out.println(result.namespace() + "/" + result.release() + " revision " + result.revision());
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
    String hash =
        result.planHash().length() > 19 ? result.planHash().substring(0, 19) : result.planHash();
    err.println("submitted (" + hash + "); helm does not wait for the model to load");
    err.println(
        "watch it: kubectl -n "
            + result.namespace()
            + " get pods -l app="
            + result.release()
            + "-"
            + plan.chart().name()
            + " -w");
    if (!result.statusError().isEmpty()) {
      err.println("warning: the plan's status was not updated: " + result.statusError());
    }
    err.flush();
  }
}
