package dev.modelsphere.swiss.deploy.preflight;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.util.List;

/**
 * A name a plan claims that must belong to one release at a time (a route, a service id): one
 * problem per other managed release whose current plan claims it too, naming that release. A
 * release never collides with itself, so an upgrade passes against its own last plan.
 */
abstract class ClaimRule implements PreflightRule {
  private final String name;
  private final String field;
  private final ManagedPlans plans;

  /**
   * The claim of each managed plan, by the plan object (weak keys compare by identity): a
   * cache-backed {@link ManagedPlans} hands out the same objects until a release changes, so each
   * plan's values are merged once rather than on every check of every other release. A live read
   * makes new objects each time, which are simply collected.
   */
  private final Cache<Plan, String> claims = Caffeine.newBuilder().weakKeys().build();

  /**
   * @param field the values path to change for another name
   */
  ClaimRule(String name, String field, ManagedPlans plans) {
    this.name = name;
    this.field = field;
    this.plans = plans;
  }

  @Override
  public final String name() {
    return name;
  }

  /** The name the plan claims; "" when it claims none. */
  abstract String claimOf(Plan plan);

  /** What is wrong and what to do, for a {@code claim} that {@code holder} already has. */
  abstract String message(String claim, ReleaseRef holder);

  @Override
  public final List<Problem> check(Proposal proposal) {
    Plan plan = proposal.plan();
    String wanted = claimOf(plan);
    if (wanted.isEmpty()) {
      return List.of();
    }
    return plans.current().stream()
        .filter(other -> !other.release().equals(plan.release()))
        .filter(other -> wanted.equals(claims.get(other, this::claimOf)))
        .map(Plan::release)
        .distinct()
        .map(holder -> problem(field, message(wanted, holder)))
        .toList();
  }
}
