package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.deploy.ChartLabel;
import dev.modelsphere.swiss.deploy.PlanStatus;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.Chart;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.ResolvedChart;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code GET /api/deployments} (reference server.md §3.8, backends.md §3.9), computed from the
 * watches with no API request: every release swiss deployed (plan ConfigMaps and LLMServices), and,
 * beyond the reference, the helm releases it did not deploy, marked {@code untracked}.
 */
public final class DeploymentsView {
  static final String RELEASE_GONE = "a plan is recorded but the release is gone";
  static final String UNREADABLE_RELEASE = "could not read this release: ";
  static final String APPLY_FAILED = "last apply failed: ";
  static final String NEVER_COMPLETED = "an apply was started and never completed";
  static final String APPLY_RUNNING = "an apply is in progress";
  static final String UNREADABLE_PLAN = "plan unreadable: ";
  static final String CATALOG_MOVED = "catalog moved since this was deployed";
  static final String CLEANUP_UNFINISHED = "clean-up is unfinished";
  static final String NOT_DEPLOYED_BY_SWISS =
      "swiss did not deploy this release: there is no plan beside it";

  private final Fleet fleet;
  private final Relationships relationships;
  private final VersionMemo<Secret, HelmRevision> revisions = new VersionMemo<>(HelmRevision::of);
  private final VersionMemo<ConfigMap, PlanRead> helmPlans = new VersionMemo<>(PlanRead::of);
  private final VersionMemo<LlmService, PlanRead> servicePlans = new VersionMemo<>(PlanRead::of);

  public DeploymentsView(Fleet fleet, Relationships relationships) {
    this.fleet = fleet;
    this.relationships = relationships;
  }

  /**
   * One page of the list, sorted by namespace then name.
   *
   * @param cluster the site's name
   * @throws KubeException when swiss may not list its plan ConfigMaps
   */
  public DeploymentsPage page(String cluster, Paging paging, CatalogRefs catalogs) {
    String plansRefused = fleet.cache().planConfigMaps().refusal();
    if (!plansRefused.isEmpty()) {
      // Without its plans swiss cannot tell which releases are its own: no list beats a wrong one.
      throw new KubeException(plansRefused);
    }
    List<Member> members = fleet.members();
    int total = members.size();
    List<DeploymentRow> rows =
        members.subList(paging.from(total), paging.to(total)).stream()
            .map(member -> finish(row(member), member, catalogs))
            .toList();
    int behind = (int) rows.stream().filter(row -> behind(row, catalogs)).count();
    int untracked = (int) members.stream().filter(Member::untracked).count();
    forgetGone(members);
    return new DeploymentsPage(
        cluster,
        catalogs.soleRef(),
        paging.page(),
        paging.perPage(),
        rows,
        new DeploymentsPage.Summary(total, behind, untracked));
  }

  private DeploymentRow row(Member member) {
    if (member.llmsvc()) {
      return serviceRow(member.service());
    }
    if (member.untracked()) {
      return withHelm(base(member), member)
          .withUntracked(true)
          .withDriftIfNone(NOT_DEPLOYED_BY_SWISS);
    }
    return helmRow(member);
  }

  private DeploymentRow base(Member member) {
    return DeploymentRow.of(member.namespace(), member.release(), DeploymentRow.HELM);
  }

  private DeploymentRow helmRow(Member member) {
    DeploymentRow row = withHelm(base(member), member);
    if (!member.helmStored()) {
      row = row.withDriftIfNone(RELEASE_GONE);
    }
    PlanRead plan = helmPlans.of(member.plan());
    PlanStatus status = plan.status();
    row = row.withPhase(status.phase());
    if (PlanStatus.FAILED.equals(status.phase())) {
      row = row.withDriftIfNone(APPLY_FAILED + status.error());
    } else if (PlanStatus.APPLYING.equals(status.phase())) {
      row = row.withDriftIfNone(NEVER_COMPLETED);
    }
    return withPlan(row, plan);
  }

  /** The row with what helm stores of the newest revision. */
  private DeploymentRow withHelm(DeploymentRow row, Member member) {
    String storageRefused = fleet.cache().helmSecrets().refusal();
    if (!storageRefused.isEmpty()) {
      return row.withDriftIfNone(UNREADABLE_RELEASE + storageRefused);
    }
    Optional<Secret> newest = fleet.newestRevision(member.namespace(), member.release());
    if (newest.isEmpty()) {
      return row;
    }
    HelmRevision revision = revisions.of(newest.get());
    row =
        row.withChart(revision.chart())
            .withStatus(revision.status())
            .withRevision(revision.revision())
            .withUpdated(revision.updated());
    return revision.unreadable().isEmpty()
        ? row
        : row.withDriftIfNone(UNREADABLE_RELEASE + revision.unreadable());
  }

  private DeploymentRow serviceRow(LlmService service) {
    DeploymentRow row =
        DeploymentRow.of(
                service.getMetadata().getNamespace(),
                service.getMetadata().getName(),
                DeploymentRow.LLMSVC)
            .withExternal(SwissAnnotations.isExternal(service))
            .withCanary(relationships.of(service.getMetadata()))
            .withUid(service.getMetadata().getUid())
            .withChart(chartOf(service));
    LlmServiceStatus status = service.getStatus();
    if (status != null) {
      row = withServiceStatus(row, status);
    }
    return withPlan(row, servicePlans.of(service));
  }

  private static DeploymentRow withServiceStatus(DeploymentRow row, LlmServiceStatus status) {
    if (status.helm() != null) {
      row = row.withRevision(status.helmRevision()).withStatus(status.helm().status());
    }
    if (status.phase() == null) {
      return row;
    }
    row = row.withPhase(status.phase().name());
    if (status.phase() == Phase.Failed) {
      return row.withDriftIfNone(APPLY_FAILED + Nulls.orEmpty(status.message()));
    }
    return status.phase() == Phase.Applying ? row.withDriftIfNone(APPLY_RUNNING) : row;
  }

  /** The chart the operator resolved, else the one the spec asks for, as {@code name-version}. */
  private static String chartOf(LlmService service) {
    ResolvedChart resolved = service.getStatus() == null ? null : service.getStatus().chart();
    String label = resolved == null ? "" : ChartLabel.of(resolved.name(), resolved.version());
    Chart wanted = service.getSpec() == null ? null : service.getSpec().chart();
    if (!label.isEmpty() || wanted == null) {
      return label;
    }
    return ChartLabel.of(wanted.name(), wanted.version());
  }

  private static DeploymentRow withPlan(DeploymentRow row, PlanRead plan) {
    if (!plan.readable()) {
      return row.withDriftIfNone(UNREADABLE_PLAN + plan.error());
    }
    SourceRef source = plan.plan().source();
    return row.withModel(source.model())
        .withVariant(source.variant())
        .withVersion(source.version())
        .withCatalogRef(source.ref())
        .withRoute(plan.route());
  }

  /** The catalog the row belongs to and whether it moved on, then unfinished clean-up. */
  private DeploymentRow finish(DeploymentRow row, Member member, CatalogRefs catalogs) {
    Optional<PlanRead> plan = planOf(member);
    if (plan.isPresent() && plan.get().readable()) {
      SourceRef source = plan.get().plan().source();
      row =
          row.withCatalog(
              catalogs
                  .releaseCatalog()
                  .catalogOf(source.catalogName(), source.catalog())
                  .orElse(""));
      if (behind(row, catalogs)) {
        row = row.withDriftIfNone(CATALOG_MOVED);
      }
    }
    if (member.cleanupPending()) {
      row = row.withCleanupPending(true).withDriftAdded(CLEANUP_UNFINISHED);
    }
    return row;
  }

  private Optional<PlanRead> planOf(Member member) {
    if (member.llmsvc()) {
      return Optional.of(servicePlans.of(member.service()));
    }
    return member.plan() == null ? Optional.empty() : Optional.of(helmPlans.of(member.plan()));
  }

  private static boolean behind(DeploymentRow row, CatalogRefs catalogs) {
    String current = catalogs.current().getOrDefault(row.catalog(), "");
    return !current.isEmpty() && !row.catalogRef().isEmpty() && !current.equals(row.catalogRef());
  }

  private void forgetGone(List<Member> members) {
    int count = members.size();
    helmPlans.forgetAllBut(
        count, () -> members.stream().map(Member::plan).filter(Objects::nonNull).toList());
    servicePlans.forgetAllBut(
        count, () -> members.stream().map(Member::service).filter(Objects::nonNull).toList());
    // helm keeps several revisions per release: allow for them before tidying.
    revisions.forgetAllBut(count * 4, () -> fleet.cache().helmSecrets().items());
  }
}
