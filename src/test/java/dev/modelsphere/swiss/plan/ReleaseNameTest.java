package dev.modelsphere.swiss.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReleaseNameTest {

  @Test
  void aDefaultNameGetsADashForEveryDotAndEveryOtherCharacterNoLabelHas() {
    assertThat(ReleaseName.of("", "granite-3.3-8b")).isEqualTo("granite-3-3-8b");
    assertThat(ReleaseName.of(null, "Qwen2.5_Coder 7B")).isEqualTo("qwen2-5-coder-7b");
  }

  @Test
  void aDefaultNameStartsAndEndsWithALetterOrDigit() {
    assertThat(ReleaseName.of("", ".hidden.model.")).isEqualTo("hidden-model");
  }

  @Test
  void aLongDefaultNameIsCutToHelmsLimitWithoutATrailingDash() {
    String name = "a".repeat(52) + ".b" + "c".repeat(20);

    String release = ReleaseName.of("", name);

    assertThat(release).hasSize(52).isEqualTo("a".repeat(52));
    assertThat(ReleaseName.usable(release)).isTrue();
  }

  @Test
  void aNameTheChartsCanUseIsTakenAsItIs() {
    assertThat(ReleaseName.of("chat-v2", "granite-3.3-8b")).isEqualTo("chat-v2");
  }

  @Test
  void aChosenNameTheChartsCannotUseIsRefusedNamingTheRuleTheNameAndWhatToUseInstead() {
    assertThatThrownBy(() -> ReleaseName.of("granite-3.3-8b", "ignored"))
        .isInstanceOf(PlanException.class)
        .hasMessageContainingAll(
            "\"granite-3.3-8b\"", "release name rule", "53", "try \"granite-3-3-8b\"");
  }

  @Test
  void aChosenNameLongerThanHelmsLimitIsRefused() {
    assertThatThrownBy(() -> ReleaseName.of("a".repeat(54), "ignored"))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("release name rule");
  }

  @Test
  void aDefaultWithNothingToNameAReleaseWithIsRefused() {
    assertThatThrownBy(() -> ReleaseName.of("", "..."))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("name the release");
  }

  @Test
  void theDerivedNamesOfTheLongestReleaseFitWhatKubernetesAllows() {
    String longest = "r".repeat(ReleaseName.MAX);

    // <release>-sglang (the demo charts' fullname) and <fullname>-leader (LeaderWorkerSet).
    assertThat((longest + "-sglang").length()).isLessThanOrEqualTo(63);
    assertThat((longest + "-leader").length()).isLessThanOrEqualTo(63);
  }
}
