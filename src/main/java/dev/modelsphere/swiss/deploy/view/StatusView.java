package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.deploy.BackendChoice;
import dev.modelsphere.swiss.deploy.BackendResolver;
import dev.modelsphere.swiss.deploy.DeployException;
import dev.modelsphere.swiss.deploy.HelmDeployer;
import dev.modelsphere.swiss.deploy.ReleaseStatus;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceException;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.Serving;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.Route;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /api/releases/{namespace}/{release}/status} (reference server.md §6.1): the release
 * read live by name from whichever backend owns it, its pods with the startup progress of those
 * still starting, and how it is reached. Every read names the release; nothing is listed
 * cluster-wide.
 */
public final class StatusView {
  static final String CLEANUP_WARNING =
      "helm plan ConfigMap is still present; clean-up is unfinished";

  private final HelmDeployer helm;
  private final BackendResolver backends;
  private final LlmServiceClient services;
  private final Pods pods;
  private final Relationships relationships;

  /**
   * @param services may be null when the process has no LLMService client ({@code backends} then
   *     never names llmsvc)
   */
  public StatusView(
      HelmDeployer helm,
      BackendResolver backends,
      LlmServiceClient services,
      Pods pods,
      Relationships relationships) {
    this.helm = helm;
    this.backends = backends;
    this.services = services;
    this.pods = pods;
    this.relationships = relationships;
  }

  /**
   * The status of {@code namespace/release}; an unknown release is {@code exists: false}, not an
   * error.
   *
   * @param profile the site profile, for the route's URL and how clients authenticate; empty when
   *     it cannot be read, and the answer then goes without them, as the reference's does
   * @throws DeployException {@link ErrorKind#UNAVAILABLE} when the release or its owner cannot be
   *     read
   */
  public StatusReport read(
      String namespace, String release, Optional<Profile> profile, EntryDigests digests) {
    ReleaseStatus stored = helm.status(namespace, release);
    BackendChoice owner = ownerOf(namespace, release);
    StatusReport report = StatusReport.of(namespace, release);
    Optional<LlmService> service =
        owner.owner() == BackendChoice.Owner.LLMSVC
            ? service(namespace, release)
            : Optional.empty();
    Plan plan;
    if (service.isPresent()) {
      report = fromService(report, service.get(), owner.cleanupPending());
      plan = PlanRead.of(service.get()).plan();
    } else {
      report = fromHelm(report, stored, owner);
      plan = stored.current();
    }
    report = plan == null ? report : withPlan(report, plan, profile.map(Profile::route), digests);
    return withPods(report, namespace, podSelector(release, plan));
  }

  private BackendChoice ownerOf(String namespace, String release) {
    try {
      return backends.backendFor(namespace, release);
    } catch (KubeException e) {
      throw new DeployException(
          ErrorKind.UPSTREAM_FAILED,
          "cannot tell who owns %s/%s: %s".formatted(namespace, release, e.getMessage()),
          e);
    }
  }

  private Optional<LlmService> service(String namespace, String release) {
    try {
      return services.get(namespace, release);
    } catch (LlmServiceException e) {
      throw new DeployException(ErrorKind.UPSTREAM_FAILED, e.getMessage(), e);
    }
  }

  private StatusReport fromService(StatusReport report, LlmService service, boolean cleanup) {
    report =
        report
            .withExists(true)
            .withBackend(DeploymentRow.LLMSVC)
            .withCleanupPending(cleanup)
            .withCanary(relationships.of(service.getMetadata()))
            .withUid(service.getMetadata().getUid());
    if (cleanup) {
      report = report.withWarningAdded(CLEANUP_WARNING);
    }
    LlmServiceStatus status = service.getStatus();
    if (status == null) {
      return report;
    }
    int revision = status.helmRevision();
    return report
        .withRevision(revision)
        .withHelmStatus(status.helm() == null ? "" : status.helm().status())
        .withLlmservice(
            new StatusReport.LlmServiceState(
                status.phase() == null ? "" : status.phase().name(),
                Nulls.orEmpty(status.message()),
                revision,
                conditions(status)));
  }

  private static List<StatusReport.Condition> conditions(LlmServiceStatus status) {
    if (status.conditions() == null) {
      return List.of();
    }
    return status.conditions().stream()
        .map(
            c ->
                new StatusReport.Condition(
                    c.getType(), c.getStatus(), c.getReason(), c.getMessage()))
        .toList();
  }

  private static StatusReport fromHelm(
      StatusReport report, ReleaseStatus stored, BackendChoice owner) {
    report =
        report
            .withExists(stored.exists())
            .withRevision(stored.revision())
            .withHelmStatus(stored.helmStatus());
    if (stored.tracked() && !stored.plan().phase().isEmpty()) {
      report = report.withPlanStatus(stored.plan());
    }
    if (owner.owner() == BackendChoice.Owner.HELM || stored.tracked()) {
      report = report.withBackend(DeploymentRow.HELM);
    }
    return report;
  }

  private static StatusReport withPlan(
      StatusReport report, Plan plan, Optional<Route> route, EntryDigests digests) {
    String served = Serving.route(plan);
    StatusReport known =
        report.withRoute(served).withModel(Serving.modelName(plan)).withDrift(drift(plan, digests));
    return route
        .map(
            r ->
                known
                    .withUrl(r.modelUrl(served))
                    .withAuthHeader(r.auth().headerName())
                    .withAuthPrefix(r.auth().keyPrefix()))
        .orElse(known);
  }

  /** The catalog entry's digest moved since the plan was composed; empty when it cannot tell. */
  private static String drift(Plan plan, EntryDigests digests) {
    String deployed = plan.source().digest();
    String now = digests.currentDigest(plan).orElse("");
    if (deployed.isEmpty() || now.isEmpty() || deployed.equals(now)) {
      return "";
    }
    return "version %s variant %s: upstream digest changed since this was deployed"
        .formatted(plan.source().version(), plan.source().variant());
  }

  /**
   * The label selector of a release's pods: the charts label them {@code app=<release>-<engine>};
   * without a plan, helm's instance label is all there is to go by.
   */
  public static String podSelector(String release, Plan plan) {
    return plan == null
        ? "app.kubernetes.io/instance=" + release
        : "app=" + release + "-" + plan.engine();
  }

  private StatusReport withPods(StatusReport report, String namespace, String selector) {
    try {
      List<PodView> found = pods.matching(namespace, selector);
      return report
          .withPods(found)
          .withReady((int) found.stream().filter(PodView::ready).count())
          .withTotal(found.size());
    } catch (KubeException e) {
      return report.withWarningAdded(e.getMessage());
    }
  }
}
