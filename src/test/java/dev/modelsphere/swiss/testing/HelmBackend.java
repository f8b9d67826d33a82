package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.deploy.DeploySettings;
import dev.modelsphere.swiss.deploy.HelmDeployer;
import dev.modelsphere.swiss.deploy.PlanDiffer;
import dev.modelsphere.swiss.deploy.ReleaseLocks;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.Kube;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The helm backend wired the way the CLI wires it, on the test cluster, with the project's example
 * charts as its chart root. Each one has its own chart cache and release locks.
 */
record HelmBackend(HelmReleases releases, HelmDeployer deployer, PlanDiffer differ) {

  static HelmBackend on(Kube kube, Path kubeconfig, int planHistory) {
    String chartRoot = TestCharts.exampleCharts().toString();
    try {
      ChartRenderer renderer =
          new ChartRenderer(new ChartArchives(Files.createTempDirectory("swiss-charts-")));
      HelmReleases releases = new HelmReleases(renderer, Files.readString(kubeconfig));
      HelmDeployer deployer =
          new HelmDeployer(
              kube,
              renderer,
              releases,
              new ReleaseLocks(),
              new DeploySettings(chartRoot, planHistory),
              Clock.systemUTC());
      return new HelmBackend(releases, deployer, new PlanDiffer(kube, renderer, chartRoot));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot wire helm to the test cluster: " + e.getMessage(), e);
    }
  }
}
