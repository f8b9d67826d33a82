package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.ServiceId;

/**
 * The service id a plan deploys under belongs to no other managed release: routing and scaling know
 * a deployment by it, so two releases sharing one would be mistaken for each other.
 */
public final class ServiceIdRule extends ClaimRule {
  public static final String NAME = "service-id";
  public static final String FIELD = "serviceId";

  public ServiceIdRule(ManagedPlans plans) {
    super(NAME, FIELD, plans);
  }

  /**
   * The id the chart deploys under: {@code serviceId}, and when that is empty the release name, as
   * the charts default it.
   */
  @Override
  String claimOf(Plan plan) {
    return ServiceId.of(plan);
  }

  @Override
  String message(String id, ReleaseRef holder) {
    return "service id \"%s\" is already used by release %s: give this release its own %s"
        .formatted(id, holder, FIELD);
  }
}
