package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.config.CanaryKeys;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.ApplyGate;
import dev.modelsphere.swiss.deploy.DeployCore;
import dev.modelsphere.swiss.deploy.DeploySettings;
import dev.modelsphere.swiss.deploy.PlanDiffer;
import dev.modelsphere.swiss.deploy.PlanRenders;
import dev.modelsphere.swiss.deploy.ReleaseLocks;
import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeTarget;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
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

  private ChartRenderer renderer;

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

  /**
   * The deploy core wired as {@code swiss serve} wires it ({@link DeployCore}), acting as the local
   * user: the backend that writes a release is chosen as the server chooses it, its owner, else for
   * a new install the config's {@code server.applyWith} when the LLMService API is visible, else
   * helm. There is no audit log here and no preflight: the CLI writes with the user's own
   * credentials. The command closes it when it ends.
   */
  DeployCore core(PlanSourceOptions source) {
    KubeTarget target = target(source.configFlag());
    Kube k = kube(target);
    LlmServiceClient services = new LlmServiceClient(k.client());
    return new DeployCore(
        new DeployCore.Cluster(
            k,
            services,
            LlmServiceAccess.of(services, Clock.systemUTC()),
            new HelmReleases(renderer(), target.helmKubeConfig())),
        PlanRenders.of(renderer()),
        // One process, one set of release locks, whichever backend writes.
        new ReleaseLocks("swiss CLI"),
        new DeploySettings(
            source.chartRoot(),
            DeploySettings.DEFAULT_PLAN_HISTORY,
            applyWith(source.configFlag()),
            DeploySettings.Times.DEFAULTS,
            // The CLI writes wherever its user's own credentials reach.
            List.of()),
        Optional.empty(),
        Clock.systemUTC());
  }

  /** The write use cases, run as the user asked: no preflight. */
  static ReleaseWrites writes(DeployCore core) {
    return core.writes(ApplyGate.NONE);
  }

  PlanDiffer differ(DeployCore core) {
    return core.differ();
  }

  /** Who the CLI acts as, for what it records beside the release. */
  static String localUser() {
    return System.getProperty("user.name", "");
  }

  private static String applyWith(String configFlag) {
    Path found = Config.find(configFlag);
    return found == null ? "" : Config.load(found).server().applyWith();
  }

  /** A release's status as {@code swiss serve} reports it, from whichever backend owns it. */
  StatusView statusView(DeployCore core, PlanSourceOptions source) {
    return new StatusView(
        core.backends(), pods(source), new Relationships(canaryKeys(source.configFlag())));
  }

  /** The config's {@code canary} keys when there is a config, else the defaults. */
  static CanaryKeys canaryKeys(String configFlag) {
    Path found = Config.find(configFlag);
    return found == null ? CanaryKeys.defaults() : Config.load(found).canary();
  }

  /** Reads pods live, for {@code swiss status}. */
  Pods pods(PlanSourceOptions source) {
    return new Pods(kube(target(source.configFlag())).client(), Clock.systemUTC());
  }

  /** One renderer per command, so a chart pulled once is not pulled again. */
  private ChartRenderer renderer() {
    if (renderer == null) {
      renderer = new ChartRenderer(ChartArchives.inUserCache());
    }
    return renderer;
  }

  private Kube kube(KubeTarget target) {
    if (kube == null) {
      kube = new Kube(target.connect());
    }
    return kube;
  }
}
