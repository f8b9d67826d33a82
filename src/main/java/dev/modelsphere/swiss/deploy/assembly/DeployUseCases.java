package dev.modelsphere.swiss.deploy.assembly;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.DeployedPlans;
import dev.modelsphere.swiss.deploy.GpuProductCheck;
import dev.modelsphere.swiss.deploy.PlanComposer;
import dev.modelsphere.swiss.deploy.PreflightGate;
import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.approval.WriteApprovals;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.NamespaceLabels;
import dev.modelsphere.swiss.deploy.policy.SitePolicy;
import dev.modelsphere.swiss.deploy.preflight.ClusterScope;
import dev.modelsphere.swiss.deploy.preflight.DryRunRule;
import dev.modelsphere.swiss.deploy.preflight.GpuNodes;
import dev.modelsphere.swiss.deploy.preflight.LiveGpuNodes;
import dev.modelsphere.swiss.deploy.preflight.LiveManagedPlans;
import dev.modelsphere.swiss.deploy.preflight.LiveReleaseHolders;
import dev.modelsphere.swiss.deploy.preflight.ManagedPlans;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.ReleaseHolders;
import dev.modelsphere.swiss.deploy.preflight.ValuesPolicyRule;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.ServerDryRun;
import dev.modelsphere.swiss.sitestate.ChartListings;
import dev.modelsphere.swiss.sitestate.GpuInventory;
import dev.modelsphere.swiss.sitestate.GpuNode;
import dev.modelsphere.swiss.sitestate.SiteCatalogs;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import dev.modelsphere.swiss.sitestate.SiteState;

/**
 * The deploy use cases of one process, assembled in one place from the one config, so {@code swiss
 * serve} and the CLI without {@code --server} run the same rules: one composer ({@link
 * PlanComposer}, with its upgrade, catalog-move and GPU-product rules), one preflight (the standard
 * rules and the site's values policy) as the gate of every install and apply, and the same
 * settings. The front ends differ only in what they pass in: how the rules read the cluster ({@link
 * ClusterReads}: the server's watches, or live lists) and what a write on a site that requires
 * approval spends ({@link WriteApprovals}: the server's database, or a refusal).
 */
public final class DeployUseCases {
  private final PlanComposer composer;
  private final Preflight preflight;
  private final ReleaseWrites writes;

  /**
   * The site the composer and the values policy read.
   *
   * @param hasProfile a profile is configured; without one (a CLI given only a plan file) there is
   *     no site policy to hold plans to, and no approvals to require
   */
  public record Site(
      SiteCatalogs catalogs, SiteProfiles profiles, ChartListings charts, boolean hasProfile) {

    /** A server's site, whose profile is always configured. */
    public static Site of(SiteState state) {
      return new Site(state.catalogs(), state.profiles(), state.chartListings(), true);
    }
  }

  /**
   * What the rules that look at the cluster read it through.
   *
   * @param gpus which node resources are GPUs and what labels name their products: the one set the
   *     process built from the config, which {@code nodes} reads by too
   */
  public record ClusterReads(
      ManagedPlans plans, ReleaseHolders holders, GpuNodes nodes, GpuResources gpus) {

    /** Listed when asked: a process that keeps no watches (the CLI). */
    public static ClusterReads live(ClusterScope scope, GpuResources gpus) {
      return new ClusterReads(
          new LiveManagedPlans(scope),
          new LiveReleaseHolders(scope),
          new LiveGpuNodes(scope.kube().client(), gpus),
          gpus);
    }

    /** The GPU products of the nodes, for the composer's GPU-product check. */
    public GpuInventory products() {
      return products(nodes);
    }

    public static GpuInventory products(GpuNodes nodes) {
      return () ->
          nodes.report().nodes().stream()
              .map(n -> new GpuNode(n.name(), n.gpuProduct(), n.gpuResource(), n.gpus()))
              .toList();
    }
  }

  /**
   * @param schemas preflight's check of a plan's values against its chart's schema
   * @param approvals what a write spends on a site that requires approval
   */
  public DeployUseCases(
      Config config,
      DeployCore core,
      Site site,
      ClusterReads reads,
      ValuesSchemaCheck schemas,
      WriteApprovals approvals) {
    this.composer = composer(site, core.plans(), reads.products(), reads.gpus());
    this.preflight = preflight(config, core, site, reads, schemas);
    this.writes = core.writes(new PreflightGate(preflight, composer), approvals);
  }

  private static Preflight preflight(
      Config config, DeployCore core, Site site, ClusterReads reads, ValuesSchemaCheck schemas) {
    String chartRoot = core.settings().chartRoot();
    Preflight standard =
        Preflight.standard(
            core.renders(),
            schemas,
            chartRoot,
            config.cluster().namespaces(),
            reads.plans(),
            reads.holders(),
            reads.nodes(),
            reads.gpus(),
            // Asked of the API server itself, by server and CLI alike: no copy can say what it
            // would refuse.
            new DryRunRule(core.backends()::objects, new ServerDryRun(core.kube().client())));
    // The site's values policy, read from the profile as it is at each check.
    return site.hasProfile()
        ? standard.with(new ValuesPolicyRule(site.profiles()::profile, core.renders(), chartRoot))
        : standard;
  }

  /**
   * The composer alone, for a process that composes without writing ({@code swiss plan}): it reads
   * {@code deployed} for an upgrade and {@code products} for forced GPU products only, so a plan of
   * a new release needs no cluster.
   */
  public static PlanComposer composer(
      Config config, Site site, DeployedPlans deployed, GpuInventory products) {
    return composer(site, deployed, products, gpus(config));
  }

  private static PlanComposer composer(
      Site site, DeployedPlans deployed, GpuInventory products, GpuResources gpus) {
    return new PlanComposer(
        site.catalogs(),
        site.profiles(),
        site.charts(),
        deployed,
        gpus,
        new GpuProductCheck(products));
  }

  /**
   * How the deploy core runs, from the one config: {@code server.planHistory}, {@code
   * server.applyWith} and {@code cluster.namespaces}.
   *
   * @param chartRoot a folder of chart directories for plans that name no chart source
   * @param labels the labels of the namespaces the core creates: {@link #podSecurityLabels}
   */
  public static DeploySettings settings(
      Config config, String chartRoot, DeploySettings.Times times, NamespaceLabels labels) {
    return new DeploySettings(
        chartRoot,
        config.server().planHistory(),
        config.server().applyWith(),
        times,
        config.cluster().namespaces(),
        labels);
  }

  /**
   * The Pod Security labels of a namespace a plan asks swiss to create, from the site's values
   * policy as the profile says it when the namespace is made; none on a site without a profile.
   */
  public static NamespaceLabels podSecurityLabels(Site site) {
    return site.hasProfile()
        ? () -> SitePolicy.of(site.profiles().profile()).namespaceLabels()
        : NamespaceLabels.NONE;
  }

  /** The product labels per GPU resource: {@code server.gpuProductLabels} over the defaults. */
  public static GpuResources gpus(Config config) {
    return GpuResources.withOverrides(config.server().gpuProductLabels());
  }

  public PlanComposer composer() {
    return composer;
  }

  public Preflight preflight() {
    return preflight;
  }

  /** The writes, each checked by preflight unless its options skip it, and approved as required. */
  public ReleaseWrites writes() {
    return writes;
  }
}
