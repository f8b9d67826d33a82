package dev.modelsphere.swiss.deploy.approval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What an approval binds beyond its plan: each difference is named, with both values. */
class WriteFlagsTest {

  @Test
  void theSameFlagsDifferInNothing() {
    WriteFlags approved = new WriteFlags("sha256:aa", true, false);

    assertThat(new WriteFlags(" sha256:aa ", true, false).differencesFrom(approved)).isEmpty();
  }

  @Test
  void everyFlagThatDiffersIsNamedWithWhatWasApproved() {
    WriteFlags approved = new WriteFlags("sha256:aa", false, false);

    assertThat(new WriteFlags("", true, true).differencesFrom(approved))
        .containsExactly(
            "expectChartDigest (none) where sha256:aa was approved",
            "forceConflicts true where false was approved",
            "forceChart true where false was approved");
  }

  @Test
  void eachActionCarriesOnlyTheFlagsThatMeanSomethingForIt() {
    assertThat(GuardedAction.INSTALL.allows(GuardedAction.Flag.FORCE_CONFLICTS)).isTrue();
    assertThat(GuardedAction.APPLY.allows(GuardedAction.Flag.CHART_DIGEST)).isTrue();
    assertThat(GuardedAction.ROLLBACK.allows(GuardedAction.Flag.FORCE_CHART)).isTrue();
    assertThat(GuardedAction.ROLLBACK.allows(GuardedAction.Flag.FORCE_CONFLICTS)).isFalse();
    assertThat(GuardedAction.ADOPT.allows(GuardedAction.Flag.FORCE_CONFLICTS)).isFalse();
    assertThat(GuardedAction.PROFILE.ofARelease()).isFalse();
    assertThat(GuardedAction.SLO_PUT.bindsLiveRevision()).isFalse();
    assertThat(GuardedAction.UNINSTALL.bindsLiveRevision()).isTrue();
  }
}
