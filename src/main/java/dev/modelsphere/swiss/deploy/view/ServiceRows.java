package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.deploy.backend.ChartLabel;
import dev.modelsphere.swiss.llmsvc.Chart;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.ResolvedChart;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Rows of LLMService releases: the object's status as its operator wrote it, its Canary
 * relationship, and the plan it carries.
 */
final class ServiceRows implements BackendRows {
  private final Relationships relationships;
  private final VersionMemo<LlmService, PlanRead> plans = new VersionMemo<>(PlanRead::of);

  ServiceRows(Relationships relationships) {
    this.relationships = relationships;
  }

  @Override
  public DeploymentRow row(Member member) {
    LlmService service = member.service();
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
      row = withStatus(row, status);
    }
    return BackendRows.withPlan(row, plans.of(service));
  }

  private static DeploymentRow withStatus(DeploymentRow row, LlmServiceStatus status) {
    if (status.helm() != null) {
      row = row.withRevision(status.helmRevision()).withStatus(status.helm().status());
    }
    if (status.phase() == null) {
      return row;
    }
    row = row.withPhase(status.phase().name());
    if (status.phase() == Phase.Failed) {
      return row.withDriftIfNone(DeploymentsView.APPLY_FAILED + Nulls.orEmpty(status.message()));
    }
    return status.phase() == Phase.Applying
        ? row.withDriftIfNone(DeploymentsView.APPLY_RUNNING)
        : row;
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

  @Override
  public Optional<PlanRead> plan(Member member) {
    return Optional.of(plans.of(member.service()));
  }

  @Override
  public void forgetAllBut(List<Member> members) {
    plans.forgetAllBut(
        members.size(),
        () -> members.stream().map(Member::service).filter(Objects::nonNull).toList());
  }
}
