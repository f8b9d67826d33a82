package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.DeploySettings;
import dev.modelsphere.swiss.deploy.HelmDeployer;
import dev.modelsphere.swiss.deploy.PlanDiffer;
import dev.modelsphere.swiss.deploy.ReleaseLocks;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeTarget;
import dev.modelsphere.swiss.kube.Pods;
import java.nio.file.Path;
import java.time.Clock;
import picocli.CommandLine.Option;

/**
 * Which cluster the deploy commands talk to. A flag beats the config file's {@code
 * cluster.kubeconfig} / {@code cluster.context}, which beat the standard loading rules.
 */
public final class ClusterOptions {

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description =
          "Kubeconfig file (default: the config's cluster.kubeconfig, else $KUBECONFIG or ~/.kube/config).")
  Path kubeconfig;

  @Option(
      names = "--context",
      description =
          "Kubeconfig context (default: the config's cluster.context, else the current one).")
  String context;

  private Kube kube;

  /** The cluster named by the flags, else by the config file at {@code configFile}. */
  KubeTarget target(String configFlag) {
    Path file = kubeconfig;
    String ctx = context;
    Path found = Config.find(configFlag);
    if (found != null && (file == null || GlobalOptions.empty(ctx))) {
      var cluster = Config.load(found).cluster();
      if (file == null && !GlobalOptions.empty(cluster.kubeconfig())) {
        file = Path.of(cluster.kubeconfig());
      }
      if (GlobalOptions.empty(ctx) && !GlobalOptions.empty(cluster.context())) {
        ctx = cluster.context();
      }
    }
    return new KubeTarget(file, ctx);
  }

  HelmDeployer deployer(PlanSourceOptions source) {
    KubeTarget target = target(source.configFlag());
    ChartRenderer renderer = new ChartRenderer(ChartArchives.inUserCache());
    return new HelmDeployer(
        kube(target),
        renderer,
        new HelmReleases(renderer, target.helmKubeConfig()),
        new ReleaseLocks("swiss CLI"),
        new DeploySettings(source.chartRoot(), DeploySettings.DEFAULT_PLAN_HISTORY),
        Clock.systemUTC());
  }

  PlanDiffer differ(PlanSourceOptions source) {
    return new PlanDiffer(
        kube(target(source.configFlag())),
        new ChartRenderer(ChartArchives.inUserCache()),
        source.chartRoot());
  }

  /** Reads pods live, for {@code swiss status}. */
  Pods pods(PlanSourceOptions source) {
    return new Pods(kube(target(source.configFlag())).client(), Clock.systemUTC());
  }

  private Kube kube(KubeTarget target) {
    if (kube == null) {
      kube = new Kube(target.connect());
    }
    return kube;
  }
}
