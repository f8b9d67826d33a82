package dev.modelsphere.swiss.deploy.approval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Two spellings of one name are one user: the rule every comparison of users goes through. */
class UserNameTest {

  @Test
  void aNameInAnotherCaseIsTheSameUser() {
    assertThat(UserName.of("Alice")).isEqualTo(UserName.of("alice"));
    assertThat(UserName.of("ALICE").sameAs("alice")).isTrue();
  }

  @Test
  void fullWidthLettersZeroWidthCharactersAndSurroundingBlanksMakeNoOtherUser() {
    assertThat(UserName.of("ａｌｉｃｅ").sameAs("alice")).as("full width, NFKC").isTrue();
    assertThat(UserName.of("ali\u200Bce").sameAs("alice")).as("a zero-width space").isTrue();
    assertThat(UserName.of("  alice\t").sameAs("alice")).as("blanks around it").isTrue();
    assertThat(UserName.of("ﬁona").sameAs("fiona")).as("a ligature").isTrue();
  }

  @Test
  void lettersThatOnlyFoldTogetherInUpperCaseAreTheSameUser() {
    assertThat(UserName.of("strauß").sameAs("STRAUSS")).isTrue();
    assertThat(UserName.of("ΣΟΦΙΑ").sameAs("σοφια")).isTrue();
  }

  @Test
  void differentNamesStayDifferentAndTheGivenSpellingIsKeptForDisplay() {
    assertThat(UserName.of("alice").sameAs("alicia")).isFalse();
    assertThat(UserName.of("bob").sameAs("")).isFalse();
    assertThat(UserName.of(" Alice ").display()).isEqualTo(" Alice ");
    assertThat(UserName.of("Alice").canonical()).isEqualTo("alice");
    assertThat(UserName.of(null).sameAs("")).isTrue();
  }
}
