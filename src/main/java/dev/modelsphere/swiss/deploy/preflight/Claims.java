package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.util.List;
import java.util.function.Function;

/**
 * Who else holds a name a plan claims: for routes and service ids, which must each belong to one
 * release. A release never collides with itself, so an upgrade passes against its own last plan.
 */
final class Claims {
  private Claims() {}

  /**
   * The other releases whose plans claim the same non-empty name as {@code plan}, by {@code
   * namespace/name}.
   */
  static List<ReleaseRef> holders(Plan plan, List<Plan> others, Function<Plan, String> claim) {
    String wanted = claim.apply(plan);
    if (wanted.isEmpty()) {
      return List.of();
    }
    return others.stream()
        .filter(other -> !other.release().equals(plan.release()))
        .filter(other -> wanted.equals(claim.apply(other)))
        .map(Plan::release)
        .distinct()
        .toList();
  }
}
