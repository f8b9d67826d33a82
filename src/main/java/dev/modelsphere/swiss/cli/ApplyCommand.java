package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.server.api.ApplyRequest;
import java.util.Optional;
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
  @Mixin WrittenRevision written;
  @Mixin ServerOption server;
  @Mixin ApprovalWaitOption approval;
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
          approval.post(
              api.get(),
              ApprovalAsks.ofPlan(stored.release(), request, "apply"),
              spec,
              "/api/apply",
              request);
      written.printFromServer(result, api.get());
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
      written.print(plan, result, () -> StatusCommand.read(cluster, core, source, result));
    }
  }
}
