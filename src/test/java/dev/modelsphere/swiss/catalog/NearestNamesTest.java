package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNamesTest {
  private static final List<String> MODELS =
      List.of("qwen3-8b", "qwen3-32b", "smollm3-3b", "mistral-small-24b", "kimi-k2.5");

  @Test
  void aTypoIsMatchedToTheNamesAFewEditsAwayClosestFirst() {
    assertThat(NearestNames.to("qwen3-8", MODELS)).containsExactly("qwen3-8b", "qwen3-32b");
    assertThat(NearestNames.to("smolm3-3b", MODELS)).containsExactly("smollm3-3b");
  }

  @Test
  void aPartOfANameFindsTheNamesContainingIt() {
    assertThat(NearestNames.to("mistral", MODELS)).containsExactly("mistral-small-24b");
    assertThat(NearestNames.to("KIMI", MODELS)).containsExactly("kimi-k2.5");
  }

  @Test
  void anUnrelatedNameSuggestsNothing() {
    assertThat(NearestNames.to("llama-70b", MODELS)).isEmpty();
  }

  @Test
  void distanceCountsInsertionsDeletionsAndSubstitutions() {
    assertThat(NearestNames.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(NearestNames.distance("", "abc")).isEqualTo(3);
    assertThat(NearestNames.distance("same", "same")).isZero();
  }
}
