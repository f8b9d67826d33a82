package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.ApplyOptions;
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
  @Spec CommandSpec spec;

  @Option(
      names = "--expect-revision",
      paramLabel = "N",
      defaultValue = "0",
      description = "Refuse unless the live revision is still N (default: no check).")
  int expectRevision;

  @Option(names = "--note", description = "Free text recorded beside the plan.")
  String note;

  @Override
  public void run() {
    Plan plan = source.plan();
    ApplyResult result =
        cluster
            .deployer(source)
            .apply(plan, Mode.UPGRADE, new ApplyOptions(expectRevision, "apply", note));
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
