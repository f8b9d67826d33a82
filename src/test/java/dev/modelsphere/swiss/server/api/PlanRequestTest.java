package dev.modelsphere.swiss.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.deploy.PlanInput;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The plan body is the API's; the input it turns into is the use case's. */
class PlanRequestTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aBodyTurnsIntoTheSameInputItWasMadeFromWithAbsentMembersEmpty() throws Exception {
    PlanRequest body =
        JSON.readValue(
            "{\"model\": \"m\", \"overridesYAML\": \"a: 1\", \"gpuProducts\": [\"H100\"]}",
            PlanRequest.class);

    PlanInput input = body.input();

    assertThat(input.model()).isEqualTo("m");
    assertThat(input.overridesYaml()).isEqualTo("a: 1");
    assertThat(input.gpuProducts()).containsExactly("H100");
    assertThat(input.catalog()).isEmpty();
    assertThat(PlanRequest.of(input).input()).isEqualTo(input);
  }

  @Test
  void aNullGpuProductIsRefusedAsInvalidNamingTheMember() throws Exception {
    PlanRequest body = JSON.readValue("{\"gpuProducts\": [null]}", PlanRequest.class);

    assertThat(body.gpuProducts()).isEqualTo(Arrays.asList((String) null));
    assertThatThrownBy(body::input)
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.INVALID))
        .hasMessageContaining("gpuProducts");
  }
}
