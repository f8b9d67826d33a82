package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.sitestate.ProfileChange;
import org.junit.jupiter.api.Test;

/** The audit row of a profile change carries what changed in its text, as {@code diff -u}. */
class ProfileChangesDiffTest {
  private static final String BEFORE = "name: lab\nrequireApproval: true\napprovers: [bob]\n";

  @Test
  void theDiffShowsTheLinesRemovedAndAddedUnderTheProfilesLocation() {
    String after = "name: lab\napprovers: [bob]\n";

    String diff =
        ProfileChanges.unifiedDiff(
            new ProfileChange("swiss/site-profile", BEFORE, after, null, true));

    assertThat(diff)
        .startsWith("--- a/swiss/site-profile\n+++ b/swiss/site-profile\n@@ ")
        .contains("\n-requireApproval: true\n", "\n name: lab\n");
  }

  @Test
  void aFirstProfileIsAddedToNothingAndAnUnchangedOneHasNoDiff() {
    assertThat(ProfileChanges.unifiedDiff(new ProfileChange("s/p", "", BEFORE, null, false)))
        .startsWith("--- /dev/null\n+++ b/s/p\n")
        .contains("+requireApproval: true\n");
    assertThat(ProfileChanges.unifiedDiff(new ProfileChange("s/p", BEFORE, BEFORE, null, true)))
        .isEmpty();
  }
}
