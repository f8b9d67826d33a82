package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.PreflightReport;
import dev.modelsphere.swiss.deploy.preflight.Proposal;
import dev.modelsphere.swiss.plan.Plan;

/**
 * Preflight as the gate before an install or apply: every rule runs again at write time, against
 * the catalog variant's hardware needs, and any problem refuses the write before it starts. The
 * site's values policy is checked here against the profile as it is now, so a plan stored before
 * the policy changed is held to the new one.
 */
public final class PreflightGate implements ApplyGate {
  private final Preflight preflight;
  private final PlanComposer composer;

  public PreflightGate(Preflight preflight, PlanComposer composer) {
    this.preflight = preflight;
    this.composer = composer;
  }

  @Override
  public void check(Plan plan, Mode mode) {
    PreflightReport report = preflight.check(proposal(plan, composer.requiresOf(plan), mode));
    if (!report.ok()) {
      // The kind its rules set: 400 for a plan the request must change (the site's policy, an
      // object the API server refuses), else 409 for the cluster's state, which may change.
      throw new DeployException(report.kind(), report.summary());
    }
  }

  /** What preflight looks at: an install proposes a new release, an upgrade moves one. */
  public static Proposal proposal(Plan plan, Requires requires, Mode mode) {
    return mode == Mode.UPGRADE
        ? Proposal.upgrade(plan, requires)
        : Proposal.install(plan, requires);
  }
}
