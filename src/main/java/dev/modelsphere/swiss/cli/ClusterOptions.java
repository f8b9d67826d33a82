package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.config.CanaryKeys;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.approval.WriteApprovals;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.PlanDiffer;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.preflight.ClusterScope;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeTarget;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import java.nio.file.Path;
import java.time.Clock;
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

  private LlmServiceClient services;

  private LlmServiceAccess access;

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
   * user, with the settings of the one config ({@link DeployUseCases#settings}): its plan history,
   * its backend for new installs ({@code server.applyWith}), its namespaces. There is no audit log
   * here. The command closes it when it ends.
   */
  DeployCore core(PlanSourceOptions source) {
    KubeTarget target = target(source.configFlag());
    Kube k = kube(target);
    LlmServiceClient services = services(k);
    LocalSite local = source.compose.site();
    return new DeployCore(
        new DeployCore.Cluster(
            k, services, access(services), new HelmReleases(renderer(), target.helmKubeConfig())),
        PlanRenders.of(renderer()),
        // One process, one set of release locks, whichever backend writes.
        new ReleaseLocks("swiss CLI"),
        DeployUseCases.settings(
            local.file(),
            source.chartRoot(),
            DeploySettings.Times.DEFAULTS,
            // Asked only when a namespace is created, so only a write reads the profile.
            () -> DeployUseCases.podSecurityLabels(local.site()).forNewNamespace()),
        Optional.empty(),
        Clock.systemUTC());
  }

  /**
   * The use cases as {@code swiss serve} assembles them ({@link DeployUseCases}): the same
   * composer, preflight and gate. They read the cluster live, as the user, and on a site whose
   * profile requires approval every write is refused: the CLI keeps no approvals, the site's server
   * does.
   */
  DeployUseCases useCases(DeployCore core, PlanSourceOptions source) {
    LocalSite local = source.compose.site();
    DeployUseCases.Site site = local.site();
    LlmServiceClient services = services(kube);
    return new DeployUseCases(
        local.config(),
        core,
        site,
        DeployUseCases.ClusterReads.live(
            new ClusterScope(
                kube, services, access(services), local.config().cluster().namespaces()),
            DeployUseCases.gpus(local.config())),
        new ValuesSchemaCheck(Optional.of(ChartArchives.inUserCache())),
        site.hasProfile()
            ? WriteApprovals.refusedLocally(site.profiles()::profileIfReadable)
            : WriteApprovals.NONE);
  }

  PlanDiffer differ(DeployCore core) {
    return core.differ();
  }

  /** Who the CLI acts as, for what it records beside the release. */
  static String localUser() {
    return System.getProperty("user.name", "");
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

  private LlmServiceClient services(Kube k) {
    if (services == null) {
      services = new LlmServiceClient(k.client());
    }
    return services;
  }

  /** One cache of whether the LLMService API is visible, for the core and the rules alike. */
  private LlmServiceAccess access(LlmServiceClient services) {
    if (access == null) {
      access = LlmServiceAccess.of(services, Clock.systemUTC());
    }
    return access;
  }

  private Kube kube(KubeTarget target) {
    if (kube == null) {
      kube = new Kube(target.connect());
    }
    return kube;
  }
}
