package dev.modelsphere.swiss.deploy.backend;

import static dev.modelsphere.swiss.deploy.backend.BackendChoice.Owner.HELM;
import static dev.modelsphere.swiss.deploy.backend.BackendChoice.Owner.LLMSVC;
import static dev.modelsphere.swiss.deploy.backend.BackendChoice.Owner.NONE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.backend.BackendChoice.Owner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** backends.md §1.3: ownership from what the cluster holds, and where an apply goes. */
class BackendChoiceTest {

  @ParameterizedTest(name = "visible={0} llmservice={1} configmap={2} -> {3}, cleanupPending={4}")
  @CsvSource({
    "false, false, false, NONE,   false",
    "false, true,  false, NONE,   false",
    "false, false, true,  HELM,   false",
    "false, true,  true,  HELM,   false",
    "true,  false, false, NONE,   false",
    "true,  false, true,  HELM,   false",
    "true,  true,  false, LLMSVC, false",
    "true,  true,  true,  LLMSVC, true",
  })
  void ownershipFollowsTheTableWhereAnInvisibleApiHidesTheLlmService(
      boolean visible,
      boolean hasService,
      boolean hasConfigMap,
      Owner owner,
      boolean cleanupPending) {
    assertThat(BackendChoice.of(visible, hasService, hasConfigMap))
        .isEqualTo(new BackendChoice(owner, cleanupPending));
  }

  @Test
  void anUnmanagedReleaseIsReadAndUninstalledByHelm() {
    assertThat(new BackendChoice(NONE, false).forRead()).isEqualTo(HELM);
    assertThat(new BackendChoice(NONE, false).managed()).isFalse();
    assertThat(new BackendChoice(LLMSVC, true).forRead()).isEqualTo(LLMSVC);
    assertThat(new BackendChoice(HELM, false).forRead()).isEqualTo(HELM);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void anExistingOwnerKeepsEveryApplyWhateverApplyWithSays(Mode mode) {
    assertThat(BackendChoice.forApply(LLMSVC, mode, "helm", false)).isEqualTo(LLMSVC);
    assertThat(BackendChoice.forApply(HELM, mode, "llmsvc", true)).isEqualTo(HELM);
  }

  @Test
  void aNewInstallGoesToLlmsvcOnlyWhenApplyWithAsksAndTheApiIsVisible() {
    assertThat(BackendChoice.forApply(NONE, Mode.INSTALL, "llmsvc", true)).isEqualTo(LLMSVC);
    assertThat(BackendChoice.forApply(NONE, Mode.INSTALL, "llmsvc", false)).isEqualTo(HELM);
    assertThat(BackendChoice.forApply(NONE, Mode.INSTALL, "helm", true)).isEqualTo(HELM);
  }

  @Test
  void anyApplyWithOtherThanLlmsvcMeansHelm() {
    assertThat(BackendChoice.forApply(NONE, Mode.INSTALL, "LLMSVC", true)).isEqualTo(HELM);
    assertThat(BackendChoice.forApply(NONE, Mode.INSTALL, "", true)).isEqualTo(HELM);
    assertThat(BackendChoice.forApply(NONE, Mode.INSTALL, null, true)).isEqualTo(HELM);
  }

  @Test
  void anUpgradeOfAnUnmanagedReleaseGoesToHelmEvenWhenLlmsvcIsPreferredAndVisible() {
    assertThat(BackendChoice.forApply(NONE, Mode.UPGRADE, "llmsvc", true)).isEqualTo(HELM);
  }
}
