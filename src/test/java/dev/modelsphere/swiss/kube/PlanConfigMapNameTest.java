package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PlanConfigMapNameTest {

  @Test
  void aReleasesPlanConfigMapIsNamedSwissPlanFollowedByTheRelease() {
    assertThat(PlanConfigMapName.of("qwen3-8b").toString()).isEqualTo("swiss-plan-qwen3-8b");
  }

  @Test
  void theNameOfAPlanConfigMapParsesBackToItsRelease() {
    assertThat(PlanConfigMapName.parse("swiss-plan-qwen3-8b"))
        .contains(PlanConfigMapName.of("qwen3-8b"))
        .get()
        .extracting(PlanConfigMapName::release)
        .isEqualTo("qwen3-8b");
  }

  @Test
  void aReleaseWhoseOwnNameStartsWithThePrefixKeepsIt() {
    PlanConfigMapName name = PlanConfigMapName.of("swiss-plan-x");

    assertThat(name.toString()).isEqualTo("swiss-plan-swiss-plan-x");
    assertThat(PlanConfigMapName.parse(name.toString())).contains(name);
  }

  @Test
  void aConfigMapNotNamedForAPlanIsNoPlanConfigMap() {
    assertThat(PlanConfigMapName.parse("site-profile")).isEmpty();
    assertThat(PlanConfigMapName.parse("my-swiss-plan-x")).isEmpty();
    assertThat(PlanConfigMapName.parse("swiss-plans")).isEmpty();
  }

  @Test
  void thePrefixAloneNamesNoReleaseAndIsNoPlanConfigMap() {
    assertThat(PlanConfigMapName.parse("swiss-plan-")).isEmpty();
    assertThat(PlanConfigMapName.parse("")).isEmpty();
  }

  @Test
  void aPlanConfigMapNeedsARelease() {
    assertThatThrownBy(() -> PlanConfigMapName.of(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("release");
  }
}
