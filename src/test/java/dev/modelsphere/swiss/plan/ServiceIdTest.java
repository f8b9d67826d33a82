package dev.modelsphere.swiss.plan;

import static dev.modelsphere.swiss.plan.TestPlans.layers;
import static dev.modelsphere.swiss.plan.TestPlans.plan;
import static dev.modelsphere.swiss.plan.TestPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServiceIdTest {

  @Test
  void aPlanThatSetsAServiceIdIsServedUnderIt() {
    Plan plan = plan(layers("catalog", tree("{}"), "form", tree("serviceId: chat")));

    assertThat(ServiceId.of(plan)).isEqualTo("chat");
  }

  @Test
  void aPlanWithoutAServiceIdIsServedUnderItsReleaseName() {
    Plan plan = plan(layers("catalog", tree("{model: {gpus: \"1\"}}")));

    assertThat(ServiceId.of(plan)).isEqualTo("glm-53");
  }

  @Test
  void anEmptyServiceIdCountsAsNoneAndTheReleaseNameIsUsed() {
    Plan plan = plan(layers("catalog", tree("{}"), "form", tree("serviceId: \"\"")));

    assertThat(ServiceId.of(plan)).isEqualTo("glm-53");
  }

  @Test
  void theServiceIdOfTheLayerThatWinsIsTheOneServed() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("serviceId: from-catalog"), "form", tree("serviceId: from-form")));

    assertThat(ServiceId.of(plan)).isEqualTo("from-form");
  }

  @Test
  void aServiceIdWrittenAsANumberIsServedAsItsText() {
    Plan plan = plan(layers("catalog", tree("{}"), "form", tree("serviceId: 42")));

    assertThat(ServiceId.of(plan)).isEqualTo("42");
  }
}
