package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The route-collision rule over the managed plans the test lists. */
class RouteCollisionRuleTest {
  private static Plan routed(String release, String namespace, String route) {
    return ExamplePlans.sglang(
        release, namespace, "modelRoute: {enabled: true, nginx: {route: %s}}".formatted(route));
  }

  private static List<Problem> check(Plan plan, Plan... managed) {
    return new RouteCollisionRule(() -> List.of(managed)).check(Proposal.install(plan, null));
  }

  @Test
  void aRouteClaimedByAnotherReleaseNamesThatRelease() {
    List<Problem> problems =
        check(routed("qwen", "serving", "/v1/qwen"), routed("qwen-old", "research", "/v1/qwen"));

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(RouteCollisionRule.NAME);
              assertThat(p.field()).isEqualTo("modelRoute.nginx.route");
              assertThat(p.message()).contains("/v1/qwen").contains("research/qwen-old");
            });
  }

  @Test
  void everyReleaseClaimingTheRouteIsItsOwnProblem() {
    assertThat(
            check(
                routed("qwen", "serving", "/q"),
                routed("a", "serving", "/q"),
                routed("b", "research", "/q")))
        .hasSize(2);
  }

  @Test
  void aRouteNoOtherReleaseClaimsPasses() {
    assertThat(check(routed("qwen", "serving", "/q"), routed("llama", "serving", "/l"))).isEmpty();
  }

  @Test
  void aReleaseDoesNotCollideWithItsOwnLastPlan() {
    assertThat(check(routed("qwen", "serving", "/q"), routed("qwen", "serving", "/q"))).isEmpty();
  }

  @Test
  void aReleaseWithRoutingOffClaimsNoRouteAndCollidesWithNone() {
    Plan unrouted =
        ExamplePlans.sglang("qwen", "serving", "modelRoute: {enabled: false, nginx: {route: /q}}");

    assertThat(check(unrouted, routed("llama", "serving", "/q"))).isEmpty();
    assertThat(check(routed("llama", "serving", "/q"), unrouted)).isEmpty();
  }
}
