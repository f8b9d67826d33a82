package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Rows of helm releases: what helm stores of the newest revision, and swiss's plan ConfigMap beside
 * it. A release with no plan is one swiss did not deploy ({@code untracked}).
 */
final class HelmRows implements BackendRows {
  private final Fleet fleet;
  private final VersionMemo<Secret, HelmRevision> revisions = new VersionMemo<>(HelmRevision::of);
  private final VersionMemo<ConfigMap, PlanRead> plans = new VersionMemo<>(PlanRead::of);

  HelmRows(Fleet fleet) {
    this.fleet = fleet;
  }

  @Override
  public DeploymentRow row(Member member) {
    DeploymentRow row =
        withStorage(
            DeploymentRow.of(member.namespace(), member.release(), DeploymentRow.HELM), member);
    if (member.untracked()) {
      return row.withUntracked(true).withDriftIfNone(DeploymentsView.NOT_DEPLOYED_BY_SWISS);
    }
    if (!member.helmStored()) {
      row = row.withDriftIfNone(DeploymentsView.RELEASE_GONE);
    }
    PlanRead plan = plans.of(member.plan());
    PlanStatus status = plan.status();
    row = row.withPhase(status.phase());
    if (PlanStatus.FAILED.equals(status.phase())) {
      row = row.withDriftIfNone(DeploymentsView.APPLY_FAILED + status.error());
    } else if (PlanStatus.APPLYING.equals(status.phase())) {
      row = row.withDriftIfNone(DeploymentsView.NEVER_COMPLETED);
    }
    return BackendRows.withPlan(row, plan);
  }

  /** The row with what helm stores of the newest revision. */
  private DeploymentRow withStorage(DeploymentRow row, Member member) {
    String storageRefused = fleet.cache().helmSecrets().refusal();
    if (!storageRefused.isEmpty()) {
      return row.withDriftIfNone(DeploymentsView.UNREADABLE_RELEASE + storageRefused);
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
        : row.withDriftIfNone(DeploymentsView.UNREADABLE_RELEASE + revision.unreadable());
  }

  @Override
  public Optional<PlanRead> plan(Member member) {
    return member.plan() == null ? Optional.empty() : Optional.of(plans.of(member.plan()));
  }

  @Override
  public void forgetAllBut(List<Member> members) {
    int count = members.size();
    plans.forgetAllBut(
        count, () -> members.stream().map(Member::plan).filter(Objects::nonNull).toList());
    // helm keeps several revisions per release: allow for them before tidying.
    revisions.forgetAllBut(count * 4, () -> fleet.cache().helmSecrets().items());
  }
}
