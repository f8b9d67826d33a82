package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.DeployCore;
import dev.modelsphere.swiss.deploy.DiffResult;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Shows what applying a plan would change, object by object, against the release's last applied
 * manifest and against the live objects. Exit 0: no changes; 2: changes; 1: error.
 */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description =
        "Diff the plan against the release and the live objects (exit 0 unchanged, 2 changed, 1 error).")
public final class DiffCommand implements Callable<Integer> {

  /** Exit code when applying the plan would change something. */
  public static final int CHANGED = ExitCodes.CHANGES_PENDING;

  @Mixin PlanSourceOptions source;
  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    DiffResult diff;
    try (DeployCore core = cluster.core(source)) {
      diff = cluster.differ(core).diff(source.plan());
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(diff.render());
    out.flush();
    if (!diff.changed()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("no changes");
      err.flush();
      return 0;
    }
    return CHANGED;
  }
}
