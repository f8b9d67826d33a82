package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.PlanReviews;
import dev.modelsphere.swiss.deploy.ProfileChanges;
import dev.modelsphere.swiss.deploy.SloChanges;
import dev.modelsphere.swiss.deploy.approval.SiteApprovals;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.preflight.GpuNodes;
import dev.modelsphere.swiss.deploy.view.DeploymentsView;
import dev.modelsphere.swiss.deploy.view.Fleet;
import dev.modelsphere.swiss.deploy.view.FleetPlans;
import dev.modelsphere.swiss.deploy.view.FleetReleaseHolders;
import dev.modelsphere.swiss.deploy.view.ObjectsView;
import dev.modelsphere.swiss.deploy.view.RevisionsView;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.GpuUseHistory;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.NodeInventory;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.server.events.EventHub;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.routes.ApprovalRoutes;
import dev.modelsphere.swiss.server.routes.CatalogRoutes;
import dev.modelsphere.swiss.server.routes.ClusterRoutes;
import dev.modelsphere.swiss.server.routes.DeployRoutes;
import dev.modelsphere.swiss.server.routes.DeploymentRoutes;
import dev.modelsphere.swiss.server.routes.EventRoutes;
import dev.modelsphere.swiss.server.routes.HealthRoutes;
import dev.modelsphere.swiss.server.routes.MetricsRoutes;
import dev.modelsphere.swiss.server.routes.ProfileRoutes;
import dev.modelsphere.swiss.server.routes.ReleaseCheckRoutes;
import dev.modelsphere.swiss.server.routes.ReleasePlanRoutes;
import dev.modelsphere.swiss.server.routes.ReleaseViewRoutes;
import dev.modelsphere.swiss.server.routes.RunRoutes;
import dev.modelsphere.swiss.server.routes.SessionRoutes;
import dev.modelsphere.swiss.server.routes.SloRoutes;
import dev.modelsphere.swiss.server.routes.WebRoutes;
import dev.modelsphere.swiss.server.state.CatalogLookups;
import dev.modelsphere.swiss.server.state.CopyAge;
import dev.modelsphere.swiss.server.state.Readiness;
import dev.modelsphere.swiss.server.upstream.Entrypoints;
import dev.modelsphere.swiss.server.upstream.ModelChecks;
import dev.modelsphere.swiss.server.upstream.SloServer;
import dev.modelsphere.swiss.server.upstream.UpstreamPolicy;
import dev.modelsphere.swiss.sitestate.GpuNode;
import dev.modelsphere.swiss.sitestate.SiteState;
import dev.modelsphere.swiss.store.Store;
import io.javalin.http.Context;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

/**
 * The parts a server's routes are made of, each built once by {@link SwissServer}, and the one
 * place they become route groups ({@link #groups}): a group's constructor takes only what it needs.
 *
 * @param gpus which node resources are GPUs: the one set the nodes, the deployments and preflight
 *     read by
 * @param readinessDetails who may see why {@code /readyz} says what it says
 * @param planWrites where a proposed plan is written while preflight checks it
 */
record RouteParts(
    Config config,
    ServerOptions options,
    PrometheusMeterRegistry meters,
    Readiness readiness,
    Predicate<Context> readinessDetails,
    ServerLogin login,
    SiteState site,
    Optional<Store> store,
    Kube kube,
    DeployCore core,
    RevisionsView revisions,
    SiteApprovals approvals,
    ValuesSchemaCheck schemas,
    Executor planWrites,
    Fleet fleet,
    NodeInventory nodes,
    GpuResources gpus,
    GpuUseHistory gpuHistory,
    CopyAge copyAge,
    EventHub events) {

  /** Every route group, in the order they match; the web UI answers every path left over. */
  List<RouteGroup> groups() {
    Relationships relationships = new Relationships(config.canary());
    UpstreamPolicy upstream = UpstreamPolicy.of(config.server().security());
    CatalogLookups catalogLookups = new CatalogLookups(site.catalogs());
    return List.of(
        new HealthRoutes(options.version(), readiness, readinessDetails),
        new MetricsRoutes(meters),
        new SessionRoutes(login.loginParts(), site.profiles()::initialized),
        new RunRoutes(store),
        new ClusterRoutes(site.clusterView()),
        new CatalogRoutes(site, this::gpuNodes),
        new ProfileRoutes(
            site.profiles(),
            new ProfileChanges(site.profileWriter(), approvals.spending(), core.runs())),
        new DeploymentRoutes(
            new DeploymentsView(fleet, relationships, gpus),
            nodes,
            gpuHistory,
            copyAge,
            site.profiles(),
            catalogLookups),
        new ReleasePlanRoutes(core.plans()),
        new ReleaseViewRoutes(
            new StatusView(
                core.backends(), new Pods(kube.client(), options.clock()), relationships),
            new ObjectsView(kube),
            revisions,
            site.profiles(),
            catalogLookups),
        new ReleaseCheckRoutes(
            core.plans(),
            site.profiles(),
            new Entrypoints(kube, options.serviceAddresses(), options.namespace(), upstream),
            new ModelChecks(upstream)),
        new SloRoutes(
            site.profiles(),
            new SloServer(kube, options.namespace(), upstream),
            config.server().allowDeploy(),
            new SloChanges(approvals.spending(), core.runs())),
        new DeployRoutes(deployParts()),
        new ApprovalRoutes(approvals.kept()),
        new EventRoutes(events, login.required()),
        // Add new route groups above this line: the web UI answers every path left over.
        new WebRoutes(options.webRoot()));
  }

  /** What the write routes need; none on a read-only server, whose write routes answer 403. */
  private Optional<DeployRoutes.Parts> deployParts() {
    if (!config.server().allowDeploy()) {
      return Optional.empty();
    }
    // The use cases the CLI assembles too; the rules that read the cluster read the watches this
    // server keeps anyway: a plan, diff or install lists nothing, however many releases it holds.
    DeployUseCases useCases =
        new DeployUseCases(
            config,
            core,
            DeployUseCases.Site.of(site),
            new DeployUseCases.ClusterReads(
                FleetPlans.following(fleet),
                new FleetReleaseHolders(fleet),
                GpuNodes.of(nodes),
                gpus),
            schemas,
            approvals.spending());
    // The differ shares its renders with preflight and the deployer.
    PlanReviews reviews =
        new PlanReviews(
            useCases.composer(),
            useCases.preflight(),
            store,
            planWrites,
            core.differ(),
            core.backends(),
            options.clock());
    return Optional.of(new DeployRoutes.Parts(reviews, useCases.writes()));
  }

  /** The GPU facts of the nodes the watch holds: the form's product list costs no request. */
  private List<GpuNode> gpuNodes() {
    return DeployUseCases.ClusterReads.products(GpuNodes.of(nodes)).nodes();
  }
}
