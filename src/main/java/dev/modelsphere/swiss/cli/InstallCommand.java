package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
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

/** Creates a release from a plan, recording the plan beside it. */
@Command(
    name = "install",
    mixinStandardHelpOptions = true,
    description = "Create the release from the plan and print the revision it produced.")
public final class InstallCommand implements Runnable {

  @Mixin PlanSourceOptions source;
  @Mixin ClusterOptions cluster;
  @Mixin WriteOptions write;
  @Mixin WrittenRevision written;
  @Mixin ServerOption server;
  @Mixin ApprovalWaitOption approval;
  @Spec CommandSpec spec;

  @Option(
      names = "--adopt",
      description =
          "Adopt a release installed without swiss instead of creating one: allowed only when the"
              + " plan's diff against it is empty; writes the plan beside it and changes nothing"
              + " in it.")
  boolean adopt;

  @Override
  public void run() {
    Optional<SwissApi> api = server.api();
    if (api.isPresent()) {
      Plan plan = source.serverPlan(api.get());
      ApplyRequest request = write.requestFor(plan.hash(), false, adopt);
      ApplyResult result =
          approval.post(
              api.get(),
              ApprovalAsks.ofPlan(plan.release(), request, adopt ? ReleaseWrites.ADOPT : "install"),
              spec,
              "/api/install",
              request);
      written.printFromServer(result, api.get());
      return;
    }
    try (DeployCore core = cluster.core(source)) {
      DeployUseCases useCases = cluster.useCases(core, source);
      Plan plan = source.plan(useCases.composer(), spec.commandLine().getErr());
      ReleaseWrites writes = useCases.writes();
      String actor = ClusterOptions.localUser();
      ApplyResult result =
          adopt
              ? writes.adopt(actor, plan, write.options(ReleaseWrites.ADOPT))
              : writes.apply(actor, plan, Mode.INSTALL, write.options("install"));
      written.print(plan, result, () -> StatusCommand.read(cluster, core, source, result));
    }
  }
}
