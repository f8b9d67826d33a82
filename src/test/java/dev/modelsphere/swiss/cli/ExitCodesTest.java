package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.sitestate.SiteStateException;
import org.junit.jupiter.api.Test;

/** The exit code a pipeline branches on, from the kind of failure, whichever layer threw it. */
class ExitCodesTest {

  @Test
  void somethingUnavailableRightNowExitsThreeSoAPipelineCanRetry() {
    assertThat(ExitCodes.of(new SiteStateException(ErrorKind.UNAVAILABLE, "no profile")))
        .isEqualTo(3);
  }

  @Test
  void aForbiddenWriteExitsFourSinceOnlyOtherCredentialsHelp() {
    assertThat(
            ExitCodes.of(DeployException.refusedByCluster(ErrorKind.FORBIDDEN, "denied by policy")))
        .isEqualTo(4);
  }

  @Test
  void everyOtherFailureExitsOneAsKubectlAndHelmDo() {
    assertThat(ExitCodes.of(new DeployException(ErrorKind.CONFLICT, "moved"))).isEqualTo(1);
    assertThat(ExitCodes.of(new KubeException("cannot reach the API server"))).isEqualTo(1);
    assertThat(ExitCodes.of(new IllegalStateException("anything else"))).isEqualTo(1);
  }

  @Test
  void noFailureSharesTheCodeDiffUsesForChangesPending() {
    for (ErrorKind kind : ErrorKind.values()) {
      assertThat(ExitCodes.of(kind)).as(kind.name()).isNotIn(0, DiffCommand.CHANGED);
    }
  }
}
