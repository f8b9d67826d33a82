package dev.modelsphere.swiss.deploy.preflight;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
   * The releases holding each claim, per list of plans (by identity): a cache-backed {@link
   * ManagedPlans} hands out the same list until a release changes, so a check is one lookup however
   * many releases there are. A live read's lists are new each time and simply collected.
   */
  private final Cache<List<Plan>, Map<String, List<ReleaseRef>>> holders =
      Caffeine.newBuilder().weakKeys().maximumSize(4).build();

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
    return holders.get(plans.current(), this::byClaim).getOrDefault(wanted, List.of()).stream()
        .filter(holder -> !holder.equals(plan.release()))
        .distinct()
        .map(holder -> problem(field, message(wanted, holder)))
        .toList();
  }

  /** The releases of {@code current} by the name each claims, in the order of the list. */
  private Map<String, List<ReleaseRef>> byClaim(List<Plan> current) {
    Map<String, List<ReleaseRef>> byClaim = new HashMap<>();
    for (Plan other : current) {
      String claim = claims.get(other, this::claimOf);
      if (!claim.isEmpty()) {
        byClaim.computeIfAbsent(claim, c -> new ArrayList<>()).add(other.release());
      }
    }
    return byClaim;
  }
}
