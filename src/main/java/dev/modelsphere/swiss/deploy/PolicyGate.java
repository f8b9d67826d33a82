package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.PreflightReport;
import dev.modelsphere.swiss.deploy.preflight.Proposal;
import dev.modelsphere.swiss.deploy.preflight.ValuesPolicyRule;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;

/**
 * The site's values policy alone as the gate before a write: for a front end that runs no other
 * preflight (the CLI writing with its user's own credentials).
 */
public final class PolicyGate implements ApplyGate {
  private final ValuesPolicyRule rule;

  public PolicyGate(ValuesPolicyRule rule) {
    this.rule = rule;
  }

  @Override
  public void check(Plan plan, Mode mode) {
    PreflightReport report = new Preflight(List.of(rule)).check(Proposal.install(plan, null));
    if (!report.ok()) {
      throw new DeployException(ErrorKind.INVALID, report.summary());
    }
  }
}
