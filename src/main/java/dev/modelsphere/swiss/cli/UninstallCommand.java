package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.BackendChoice;
import dev.modelsphere.swiss.deploy.UninstallOutcome;
import dev.modelsphere.swiss.deploy.UninstallResult;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Removes a release: a helm release, then the plans swiss kept beside it; an LLMService by the
 * guarded delete, which its operator's finalizer completes.
 */
@Command(
    name = "uninstall",
    mixinStandardHelpOptions = true,
    description =
        "Uninstall the release (named by --plan, or --release and --namespace), then its plan and archives.")
public final class UninstallCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    ReleaseRef release = source.release();
    BackendChoice owner = cluster.backends(source).backendFor(release.namespace(), release.name());
    if (owner.owner() == BackendChoice.Owner.LLMSVC) {
      uninstallService(release);
      return;
    }
    UninstallResult result =
        cluster.deployer(source).uninstall(release.namespace(), release.name());
    PrintWriter out = spec.commandLine().getOut();
    out.println(release + " uninstalled");
    out.flush();
    if (!result.planError().isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "warning: the release is gone but its plan ConfigMap was not removed: "
              + result.planError());
      err.flush();
    }
  }

  /** The guarded delete: only the object that was read is deleted, once its operator let go. */
  private void uninstallService(ReleaseRef release) {
    UninstallOutcome outcome =
        cluster.llmServiceUninstaller(source).uninstall(release.namespace(), release.name());
    if (outcome.result() != UninstallOutcome.Result.UNINSTALLED) {
      throw new CliException(
          "LLMService %s not uninstalled: %s".formatted(release, outcome.message()));
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println("deleted LLMService " + release);
    out.flush();
  }
}
