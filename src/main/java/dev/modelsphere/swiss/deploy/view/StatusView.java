package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.deploy.backend.Backends;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.LiveRelease;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.Serving;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.Route;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.api.model.ObjectMeta;
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

  private final Backends backends;
  private final Pods pods;
  private final Relationships relationships;

  public StatusView(Backends backends, Pods pods, Relationships relationships) {
    this.backends = backends;
    this.pods = pods;
    this.relationships = relationships;
  }

  /**
   * The status of {@code namespace/release}; an unknown release is {@code exists: false}, not an
   * error.
   *
   * @param profile the site profile, for the route's URL and how clients authenticate; empty when
   *     it cannot be read, and the answer then goes without them, as the reference's does
   * @throws DeployException {@link ErrorKind#UPSTREAM_FAILED} when the release or its owner cannot
   *     be read
   */
  public StatusReport read(
      String namespace, String release, Optional<Profile> profile, EntryDigests digests) {
    LiveRelease live = backends.reads(namespace, release).live(namespace, release);
    StatusReport report = of(StatusReport.of(namespace, release), live);
    Plan plan = live.plan();
    report = plan == null ? report : withPlan(report, plan, profile.map(Profile::route), digests);
    return withPods(report, namespace, podSelector(release, plan));
  }

  /** What the release's backend knows of it. */
  private StatusReport of(StatusReport report, LiveRelease live) {
    report =
        report
            .withExists(live.exists())
            .withRevision(live.revision())
            .withHelmStatus(live.helmStatus())
            .withPlanStatus(live.planStatus())
            .withBackend(live.backend())
            .withCleanupPending(live.cleanupPending())
            .withLlmservice(operator(live.operator()));
    if (live.cleanupPending()) {
      report = report.withWarningAdded(CLEANUP_WARNING);
    }
    ObjectMeta object = live.object();
    return object == null
        ? report
        : report.withCanary(relationships.of(object)).withUid(object.getUid());
  }

  /** The operator's status as it wrote it; null for a release without one. */
  private static StatusReport.LlmServiceState operator(LlmServiceStatus status) {
    if (status == null) {
      return null;
    }
    return new StatusReport.LlmServiceState(
        status.phase() == null ? "" : status.phase().name(),
        Nulls.orEmpty(status.message()),
        status.helmRevision(),
        conditions(status));
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
