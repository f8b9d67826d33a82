package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.server.api.WriteAnswers;
import java.io.PrintWriter;
import java.util.Optional;
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
  @Mixin ServerOption server;
  @Mixin ApprovalWaitOption approval;
  @Mixin ClusterOptions cluster;
  @Mixin OutputFormat output;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    ReleaseRef release = source.release();
    UninstallResult result;
    Optional<SwissApi> api = server.api();
    if (api.isPresent()) {
      result =
          approval.send(
              api.get(),
              ApprovalAsks.ofUninstall(release),
              spec,
              () ->
                  ServerCalls.uninstalled(
                      api.get()
                          .json(
                              "DELETE",
                              SwissApi.releasePath(release.namespace(), release.name(), ""),
                              null)));
    } else {
      try (DeployCore core = cluster.core(source)) {
        result =
            cluster
                .useCases(core, source)
                .writes()
                .uninstall(ClusterOptions.localUser(), release.namespace(), release.name());
      }
    }
    // The LLMService backend says what it deleted; helm's own words are its uninstall output.
    String said =
        result.output().startsWith("deleted ") ? result.output() : release + " uninstalled";
    output.print(
        spec.commandLine().getOut(), WriteAnswers.Uninstalled.of(result), wide -> said + "\n");
    if (!result.planError().isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "warning: the release is gone but its plan ConfigMap was not removed: "
              + result.planError());
      err.flush();
    }
  }
}
