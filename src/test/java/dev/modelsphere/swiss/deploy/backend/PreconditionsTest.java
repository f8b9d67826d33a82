package dev.modelsphere.swiss.deploy.backend;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PreconditionsTest {

  private static final ReleaseState MISSING = new ReleaseState("models", "qwen", false, "", 0);
  private static final ReleaseState DEPLOYED =
      new ReleaseState("models", "qwen", true, "deployed", 3);
  private static final ReleaseState PENDING =
      new ReleaseState("models", "qwen", true, "pending-install", 1);

  @Test
  void installNeedsAMissingReleaseAndUpgradeAnExistingOne() {
    assertThatCode(() -> Preconditions.check(MISSING, Mode.INSTALL)).doesNotThrowAnyException();
    assertThatCode(() -> Preconditions.check(DEPLOYED, Mode.UPGRADE)).doesNotThrowAnyException();
    assertThatThrownBy(() -> Preconditions.check(DEPLOYED, Mode.INSTALL))
        .hasMessageContaining("models/qwen already exists at revision 3");
    assertThatThrownBy(() -> Preconditions.check(MISSING, Mode.UPGRADE))
        .hasMessageContaining("no release models/qwen");
  }

  @Test
  void aPendingReleaseIsRefusedForUpgradeButMayBeUninstalled() {
    assertThatThrownBy(() -> Preconditions.check(PENDING, Mode.UPGRADE))
        .hasMessageContaining("pending-install");
    assertThatCode(() -> Preconditions.checkUninstall(PENDING)).doesNotThrowAnyException();
    assertThatThrownBy(() -> Preconditions.checkUninstall(MISSING))
        .hasMessageContaining("no release models/qwen");
  }

  @Test
  void theRevisionLockNamesBothRevisionsAndZeroAssertsNothing() {
    assertThatCode(() -> Preconditions.checkRevision(DEPLOYED, 0)).doesNotThrowAnyException();
    assertThatCode(() -> Preconditions.checkRevision(DEPLOYED, -1)).doesNotThrowAnyException();
    assertThatCode(() -> Preconditions.checkRevision(DEPLOYED, 3)).doesNotThrowAnyException();
    assertThatThrownBy(() -> Preconditions.checkRevision(DEPLOYED, 2))
        .hasMessageContaining("moved from revision 2 to 3");
  }
}
