package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The service-id rule over the managed plans the test lists. */
class ServiceIdRuleTest {
  private static Plan withId(String release, String namespace, String serviceId) {
    return ExamplePlans.sglang(release, namespace, "serviceId: \"%s\"".formatted(serviceId));
  }

  private static List<Problem> check(Plan plan, Plan... managed) {
    return new ServiceIdRule(() -> List.of(managed)).check(Proposal.install(plan, null));
  }

  @Test
  void aServiceIdAnotherReleaseUsesNamesThatRelease() {
    assertThat(check(withId("qwen", "serving", "svc-7"), withId("llama", "research", "svc-7")))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(ServiceIdRule.NAME);
              assertThat(p.field()).isEqualTo("serviceId");
              assertThat(p.message()).contains("svc-7").contains("research/llama");
            });
  }

  @Test
  void aServiceIdNoOtherReleaseUsesPasses() {
    assertThat(check(withId("qwen", "serving", "svc-7"), withId("llama", "serving", "svc-8")))
        .isEmpty();
    assertThat(check(withId("qwen", "serving", "svc-7"), withId("qwen", "serving", "svc-7")))
        .isEmpty();
  }

  @Test
  void aPlanWithoutAServiceIdDeploysUnderItsReleaseName() {
    Plan unnamed = ExamplePlans.sglang("svc-7", "serving", "replicaCount: 1");

    assertThat(check(unnamed, withId("llama", "research", "svc-7")))
        .singleElement()
        .satisfies(p -> assertThat(p.message()).contains("research/llama"));
  }
}
