package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.values.Tree;
import java.util.List;

/**
 * The service id a plan deploys under belongs to no other managed release: routing and scaling know
 * a deployment by it, so two releases sharing one would be mistaken for each other.
 */
public final class ServiceIdRule implements PreflightRule {
  public static final String NAME = "service-id";
  public static final String FIELD = "serviceId";

  private final ManagedPlans plans;

  public ServiceIdRule(ManagedPlans plans) {
    this.plans = plans;
  }

  /**
   * The id the chart deploys under: {@code serviceId}, and when that is empty the release name, as
   * the charts default it.
   */
  static String serviceIdOf(Plan plan) {
    Object value = Tree.get(plan.values(), FIELD).value();
    String id = value == null ? "" : String.valueOf(value);
    return id.isEmpty() ? plan.release().name() : id;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Problem> check(Proposal proposal) {
    Plan plan = proposal.plan();
    String id = serviceIdOf(plan);
    return Claims.holders(plan, plans.current(), ServiceIdRule::serviceIdOf).stream()
        .map(
            holder ->
                problem(
                    FIELD,
                    "service id \"%s\" is already used by release %s: give this release its own %s"
                        .formatted(id, holder, FIELD)))
        .toList();
  }
}
