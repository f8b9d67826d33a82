package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.view.Fleet;
import dev.modelsphere.swiss.deploy.view.FleetReleaseRecords;
import dev.modelsphere.swiss.deploy.view.RevisionsView;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.sitestate.SiteState;
import dev.modelsphere.swiss.store.Store;
import java.util.Optional;

/**
 * The deploy floor as a server wires it: one chart cache and one helm connection shared by the
 * writes and the reads, and a diff or a write's first look served from the watches the server keeps
 * anyway.
 *
 * @param core the deploy core, closed with the server
 * @param revisions a release's revisions, read through the same helm connection as the writes
 * @param schemas preflight's check of a plan's values against its chart's schema, without a render
 */
record ServerDeploy(DeployCore core, RevisionsView revisions, ValuesSchemaCheck schemas) {

  static ServerDeploy wire(
      Config config,
      ServerOptions options,
      Kube kube,
      LlmServiceClient services,
      LlmServiceAccess access,
      Fleet fleet,
      SiteState site,
      Optional<Store> store) {
    ChartArchives archives = ChartArchives.inUserCache();
    ChartRenderer charts = new ChartRenderer(archives);
    // The deploy core's limit, so its writes and these reads share one connection to the cluster.
    HelmReleases helm =
        new HelmReleases(charts, options.helmKubeConfig())
            .withApiServerSilence(options.deployTimes().apiServerSilence());
    // A diff and a write's first look read the watch of helm's storage: neither lists.
    DeployCore.Cluster cluster =
        new DeployCore.Cluster(
            kube,
            services,
            access,
            helm,
            new FleetReleaseRecords(fleet, new ReleaseStorage(kube.client())::newest));
    DeployCore core =
        new DeployCore(
            cluster,
            // Shared by preflight, the differ and the helm deployer: an install renders once.
            PlanRenders.of(charts),
            new ReleaseLocks("swiss serve"),
            DeployUseCases.settings(
                config,
                "",
                options.deployTimes(),
                DeployUseCases.podSecurityLabels(DeployUseCases.Site.of(site))),
            store,
            options.clock());
    return new ServerDeploy(
        core,
        new RevisionsView(core.backends(), helm, core.storage()),
        new ValuesSchemaCheck(Optional.of(archives)));
  }
}
