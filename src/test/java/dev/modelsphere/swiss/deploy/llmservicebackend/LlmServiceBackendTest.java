package dev.modelsphere.swiss.deploy.llmservicebackend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.error.ErrorKind;
import org.junit.jupiter.api.Test;

/** How the API server's refusal of an LLMService delete is told to the caller. */
class LlmServiceBackendTest {

  @Test
  void anAdmissionPolicyDenialIsForbiddenWhetherTheServerSays403Or422() {
    assertThat(LlmServiceBackend.refusalKind(403)).isEqualTo(ErrorKind.FORBIDDEN);
    assertThat(LlmServiceBackend.refusalKind(422)).isEqualTo(ErrorKind.FORBIDDEN);
  }

  @Test
  void anApiServerThatFailedIsAnUpstreamFailureNotSwisssOwn() {
    assertThat(LlmServiceBackend.refusalKind(500)).isEqualTo(ErrorKind.UPSTREAM_FAILED);
    assertThat(LlmServiceBackend.refusalKind(503)).isEqualTo(ErrorKind.UPSTREAM_FAILED);
  }
}
