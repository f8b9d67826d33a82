package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.policy.Finding;
import dev.modelsphere.swiss.deploy.policy.SitePolicy;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The plan keeps to the site's values policy as the profile says it now: its user layers set no key
 * the site keeps from users, and the manifest it renders holds no pod the site's Pod Security
 * level, exceptions or registries refuse. The rendered check is what a chart cannot get around:
 * whatever key puts {@code hostNetwork} in a pod, the pod is what is looked at.
 *
 * <p>It renders every plan it checks (through the shared {@link PlanRenders}, so an install that
 * follows renders nothing again). A plan that does not render is the chart-schema rule's problem,
 * not this one's.
 */
public final class ValuesPolicyRule implements PreflightRule {
  public static final String NAME = "values-policy";

  private final Supplier<Profile> profile;
  private final PlanRenders renders;
  private final String chartRoot;

  /**
   * @param profile the site's profile as it is now; one that cannot be read fails the check
   * @param chartRoot the folder of chart directories for plans without a chart source; may be ""
   */
  public ValuesPolicyRule(Supplier<Profile> profile, PlanRenders renders, String chartRoot) {
    this.profile = profile;
    this.renders = renders;
    this.chartRoot = chartRoot;
  }

  @Override
  public String name() {
    return NAME;
  }

  /** A plan the site's policy refuses is the request's to change, as its composition would be. */
  @Override
  public ErrorKind kind() {
    return ErrorKind.INVALID;
  }

  @Override
  public List<Problem> check(Proposal proposal) {
    Plan plan = proposal.plan();
    SitePolicy policy = SitePolicy.of(profile.get());
    List<Finding> findings = new ArrayList<>(policy.userLayers(plan));
    try {
      findings.addAll(policy.manifest(renders.render(plan, chartRoot).manifest()));
    } catch (HelmException doesNotRender) {
      // The chart-schema rule reports it, and nothing that does not render is ever written: its
      // pods never reach the cluster, so there is nothing here to refuse twice.
    }
    return findings.stream().map(f -> problem(f.field(), f.message())).toList();
  }
}
