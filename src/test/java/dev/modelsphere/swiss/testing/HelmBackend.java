package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.PlanDiffer;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.backend.ReleaseRecords;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The deploy core wired the way the CLI wires it, on the test cluster, with the project's example
 * charts as its chart root. Each one has its own chart cache, release locks and threads; closing it
 * stops the threads.
 */
record HelmBackend(HelmReleases releases, DeployCore core, PlanDiffer differ)
    implements AutoCloseable {

  static HelmBackend on(Kube kube, Path kubeconfig, int planHistory) {
    return on(kube, kubeconfig, planHistory, new ReleaseStorage(kube.client())::newest);
  }

  /** The same, its diffs and its writes' first looks reading releases from {@code releases}. */
  static HelmBackend on(Kube kube, Path kubeconfig, int planHistory, ReleaseRecords releases) {
    String chartRoot = TestCharts.exampleCharts().toString();
    try {
      ChartRenderer renderer =
          new ChartRenderer(new ChartArchives(Files.createTempDirectory("swiss-charts-")));
      HelmReleases helm = new HelmReleases(renderer, Files.readString(kubeconfig));
      LlmServiceClient services = new LlmServiceClient(kube.client());
      DeployCore core =
          new DeployCore(
              new DeployCore.Cluster(
                  kube, services, LlmServiceAccess.of(services, Clock.systemUTC()), helm, releases),
              PlanRenders.of(renderer),
              new ReleaseLocks(),
              new DeploySettings(chartRoot, planHistory),
              Optional.empty(),
              Clock.systemUTC());
      return new HelmBackend(helm, core, core.differ());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot wire helm to the test cluster: " + e.getMessage(), e);
    }
  }

  HelmDeployer deployer() {
    return core.helm();
  }

  @Override
  public void close() {
    core.close();
  }
}
