package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.plan.SourceRef;
import java.util.List;
import java.util.Optional;

/**
 * How one backend's releases become rows of {@code GET /api/deployments}: helm's (a plan ConfigMap
 * beside helm's release storage) or the LLMService operator's. {@link DeploymentsView} picks one
 * per release and knows nothing else of either.
 */
interface BackendRows {
  /** The row of a release this backend owns, with its plan's model and route when readable. */
  DeploymentRow row(Member member);

  /** The release's plan as this backend records it; empty when it records none. */
  Optional<PlanRead> plan(Member member);

  /** Drops what was decoded for releases that are no longer among {@code members}. */
  void forgetAllBut(List<Member> members);

  /** The row's model, variant, version, catalog ref and route from the plan, or why it is not. */
  static DeploymentRow withPlan(DeploymentRow row, PlanRead plan) {
    if (!plan.readable()) {
      return row.withDriftIfNone(DeploymentsView.UNREADABLE_PLAN + plan.error());
    }
    SourceRef source = plan.plan().source();
    return row.withModel(source.model())
        .withVariant(source.variant())
        .withVersion(source.version())
        .withCatalogRef(source.ref())
        .withRoute(plan.route());
  }
}
