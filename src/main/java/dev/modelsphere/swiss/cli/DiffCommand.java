package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.PlanInput;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.server.api.PlanRequest;
import dev.modelsphere.swiss.server.api.WriteAnswers;
import java.io.PrintWriter;
import java.util.Optional;
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
  @Mixin ServerOption server;
  @Mixin ClusterOptions cluster;
  @Mixin OutputFormat output;
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    Optional<SwissApi> api = server.api();
    if (api.isPresent()) {
      // The server's answer carries the same rendering as the local diff, and whether it changed.
      WriteAnswers.Diffed diff =
          api.get()
              .post(
                  "/api/diff",
                  PlanRequest.of(PlanInput.ofStoredPlan(source.serverReviewPlan(api.get()).hash())),
                  WriteAnswers.Diffed.class);
      return show(
          diff,
          diff.output(),
          diff.changed(),
          diff.chartDigest() == null ? "" : diff.chartDigest());
    }
    try (DeployCore core = cluster.core(source)) {
      Plan plan =
          source.reviewPlan(
              cluster.useCases(core, source).composer(), core.plans(), spec.commandLine().getErr());
      DiffResult diff = cluster.differ(core).diff(plan);
      return show(WriteAnswers.Diffed.of(diff), diff.render(), diff.changed(), diff.chartDigest());
    }
  }

  /**
   * @param answer the API's answer, printed for {@code -o json|yaml}
   * @param rendered the object-by-object diff, printed otherwise
   * @param chartDigest the chart the diff rendered; told on stderr, where a pipeline reading the
   *     diff itself does not see it, for {@code apply --expect-chart-digest}
   */
  private int show(Object answer, String rendered, boolean changed, String chartDigest) {
    output.print(spec.commandLine().getOut(), answer, wide -> rendered);
    PrintWriter err = spec.commandLine().getErr();
    if (!chartDigest.isEmpty()) {
      err.println("chart digest " + chartDigest + " (apply --expect-chart-digest to pin it)");
    }
    if (!changed) {
      err.println("no changes");
    }
    err.flush();
    return changed ? CHANGED : 0;
  }
}
