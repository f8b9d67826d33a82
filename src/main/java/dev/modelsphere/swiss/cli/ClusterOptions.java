package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.config.CanaryKeys;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.ApplyOptions;
import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.BackendChoice;
import dev.modelsphere.swiss.deploy.BackendResolver;
import dev.modelsphere.swiss.deploy.DeploySettings;
import dev.modelsphere.swiss.deploy.HelmDeployer;
import dev.modelsphere.swiss.deploy.LlmServiceDeployer;
import dev.modelsphere.swiss.deploy.LlmServiceUninstaller;
import dev.modelsphere.swiss.deploy.Mode;
import dev.modelsphere.swiss.deploy.PlanDiffer;
import dev.modelsphere.swiss.deploy.ReleaseLocks;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeTarget;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
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

  /** One process, one set of release locks, whichever backend writes. */
  private final ReleaseLocks locks = new ReleaseLocks("swiss CLI");

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
        locks,
        new DeploySettings(source.chartRoot(), DeploySettings.DEFAULT_PLAN_HISTORY),
        Clock.systemUTC());
  }

  PlanDiffer differ(PlanSourceOptions source) {
    return new PlanDiffer(
        kube(target(source.configFlag())),
        new ChartRenderer(ChartArchives.inUserCache()),
        source.chartRoot());
  }

  /** Which backend owns a release; LLMServices count only where the API serves them. */
  BackendResolver backends(PlanSourceOptions source) {
    Kube k = kube(target(source.configFlag()));
    LlmServiceClient services = new LlmServiceClient(k.client());
    return new BackendResolver(k, LlmServiceAccess.of(services, Clock.systemUTC()), services);
  }

  /**
   * Installs, applies or rolls back through the backend that writes the release: the one that owns
   * it, else for a new install the config's {@code server.applyWith} when the LLMService API is
   * visible, else helm, as {@code swiss serve} decides.
   */
  BackendChoice.Owner writer(PlanSourceOptions source, ReleaseRef release, Mode mode) {
    Kube k = kube(target(source.configFlag()));
    LlmServiceClient services = new LlmServiceClient(k.client());
    LlmServiceAccess access = LlmServiceAccess.of(services, Clock.systemUTC());
    BackendChoice owner =
        new BackendResolver(k, access, services).backendFor(release.namespace(), release.name());
    return BackendChoice.forApply(
        owner.owner(), mode, applyWith(source.configFlag()), access.current().visible());
  }

  ApplyResult apply(PlanSourceOptions source, Plan plan, Mode mode, ApplyOptions options) {
    return writer(source, plan.release(), mode) == BackendChoice.Owner.LLMSVC
        ? llmServiceDeployer(source).apply(plan, mode, options)
        : deployer(source).apply(plan, mode, options);
  }

  ApplyResult rollback(
      PlanSourceOptions source, ReleaseRef release, int toRevision, int expect, String note) {
    return writer(source, release, Mode.UPGRADE) == BackendChoice.Owner.LLMSVC
        ? llmServiceDeployer(source)
            .rollback(release.namespace(), release.name(), toRevision, expect, note)
        : deployer(source).rollback(release.namespace(), release.name(), toRevision, expect, note);
  }

  private LlmServiceDeployer llmServiceDeployer(PlanSourceOptions source) {
    return new LlmServiceDeployer(
        kube(target(source.configFlag())),
        locks,
        new DeploySettings(source.chartRoot(), DeploySettings.DEFAULT_PLAN_HISTORY),
        Clock.systemUTC());
  }

  private static String applyWith(String configFlag) {
    Path found = Config.find(configFlag);
    return found == null ? "" : Config.load(found).server().applyWith();
  }

  /** The guarded delete of an LLMService release (spec/canary.md §6). */
  LlmServiceUninstaller llmServiceUninstaller(PlanSourceOptions source) {
    return new LlmServiceUninstaller(kube(target(source.configFlag())).client(), locks);
  }

  /** A release's status as {@code swiss serve} reports it, from whichever backend owns it. */
  StatusView statusView(PlanSourceOptions source) {
    Kube k = kube(target(source.configFlag()));
    LlmServiceClient services = new LlmServiceClient(k.client());
    return new StatusView(
        deployer(source),
        backends(source),
        services,
        pods(source),
        new Relationships(canaryKeys(source.configFlag())));
  }

  /** The config's {@code canary} keys when there is a config, else the defaults. */
  private static CanaryKeys canaryKeys(String configFlag) {
    Path found = Config.find(configFlag);
    return found == null ? CanaryKeys.defaults() : Config.load(found).canary();
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
