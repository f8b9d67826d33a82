package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.ServerDryRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs every rule over a proposal and gathers all they find, so one answer lists every problem. A
 * rule that cannot check (a cluster read fails) adds a problem saying so: preflight that could not
 * look has not passed.
 */
public final class Preflight {
  private final List<PreflightRule> rules;

  public Preflight(List<PreflightRule> rules) {
    this.rules = List.copyOf(rules);
  }

  /**
   * Every rule, in the order the report lists their problems: the chart's schema, release identity,
   * route collision, service id, GPU fit, and last the API server's dry run of the objects.
   *
   * @param chartRoot the folder of chart directories for plans without a chart source; may be ""
   * @param scope the cluster and the namespaces the server was granted ({@code cluster.namespaces})
   * @param gpus the product labels per GPU resource ({@code server.gpuProductLabels} over the
   *     defaults), the same the node inventory reads
   * @param written the objects a write of a plan sends ({@code Backends::objects})
   */
  public static Preflight standard(
      ChartRenderer renderer,
      String chartRoot,
      ClusterScope scope,
      GpuNodes nodes,
      GpuResources gpus,
      DryRunRule.WrittenObjects written) {
    return standard(
        PlanRenders.of(renderer),
        new ValuesSchemaCheck(Optional.empty()),
        chartRoot,
        scope.namespaces(),
        new LiveManagedPlans(scope),
        new LiveReleaseHolders(scope),
        nodes,
        gpus,
        new DryRunRule(written, new ServerDryRun(scope.kube().client())));
  }

  /**
   * Every rule, as {@link #standard(ChartRenderer, String, ClusterScope, GpuNodes, GpuResources,
   * DryRunRule.WrittenObjects)}, reading the managed releases from {@code plans} and {@code
   * holders}: the server passes its watch-backed ones, so a check lists nothing.
   *
   * @param renders shared with the deployer, so an install renders its plan once
   * @param schemas the chart-schema rule's check without a render
   * @param grantedNamespaces {@code cluster.namespaces}; empty means the whole cluster
   * @param dryRun the API server's dry run of the objects, last: it is the one rule that costs the
   *     API server a request per object
   */
  public static Preflight standard(
      PlanRenders renders,
      ValuesSchemaCheck schemas,
      String chartRoot,
      List<String> grantedNamespaces,
      ManagedPlans plans,
      ReleaseHolders holders,
      GpuNodes nodes,
      GpuResources gpus,
      DryRunRule dryRun) {
    return new Preflight(
        List.of(
            new ChartSchemaRule(renders, schemas, chartRoot),
            new ReleaseIdentityRule(grantedNamespaces, holders),
            new RouteCollisionRule(plans),
            new ServiceIdRule(plans),
            new GpuFitRule(nodes, gpus),
            dryRun));
  }

  /**
   * These rules and {@code rule} after them: the site's values policy, on a server that has one.
   */
  public Preflight with(PreflightRule rule) {
    List<PreflightRule> more = new ArrayList<>(rules);
    more.add(rule);
    return new Preflight(more);
  }

  public List<PreflightRule> rules() {
    return rules;
  }

  public PreflightReport check(Proposal proposal) {
    List<Problem> problems = new ArrayList<>();
    for (PreflightRule rule : rules) {
      try {
        problems.addAll(rule.check(proposal));
      } catch (RuntimeException e) {
        problems.add(
            rule.problem(
                "",
                "could not check %s: %s; retry once the cluster answers"
                    .formatted(rule.name(), e.getMessage() == null ? e : e.getMessage())));
      }
    }
    return new PreflightReport(problems);
  }
}
