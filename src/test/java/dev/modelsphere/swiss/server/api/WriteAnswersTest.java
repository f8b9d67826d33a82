package dev.modelsphere.swiss.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.http.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The write routes' answers on the wire: the reference's members, in its order and omissions. */
class WriteAnswersTest {
  private static final ObjectMapper READ = new ObjectMapper();

  private static JsonNode written(Object answer) throws Exception {
    return READ.readTree(Json.text(answer));
  }

  private static WriteAnswers.Diffed diff() {
    return new WriteAnswers.Diffed("sha256:ab", null, true, "~ Deployment/qwen", 3, true, null, "");
  }

  @Test
  void aPlainDiffLeavesOutToRevisionAndWarnings() throws Exception {
    JsonNode body = written(diff());

    assertThat(body.fieldNames())
        .toIterable()
        .containsExactly("planHash", "changed", "output", "revision", "exists");
  }

  @Test
  void aRevisionsDiffNamesTheRevisionItWouldRestoreAfterThePlanHash() throws Exception {
    JsonNode body = written(diff().toRevision(1));

    assertThat(body.fieldNames())
        .toIterable()
        .containsExactly("planHash", "toRevision", "changed", "output", "revision", "exists");
    assertThat(body.path("toRevision").asInt()).isEqualTo(1);
    assertThat(body.path("revision").asInt()).isEqualTo(3);
  }

  @Test
  void aDiffPreflightObjectsToCarriesItsWarningsLast() throws Exception {
    JsonNode body = written(diff().warning(List.of("route: /v1/qwen is taken")));

    assertThat(body.path("warnings").get(0).asText()).isEqualTo("route: /v1/qwen is taken");
  }

  @Test
  void anApplyAnswerWritesEveryMemberEvenWhenEmptyTheReferencesFirstThenChanged() throws Exception {
    JsonNode body =
        written(new WriteAnswers.Applied("sha256:ab", "qwen", 2, "", "deployed", "", false));

    assertThat(body.fieldNames())
        .toIterable()
        .containsExactly(
            "planHash", "release", "revision", "output", "status", "statusError", "changed");
    assertThat(body.path("changed").isBoolean()).isTrue();
  }

  @Test
  void anUninstallAnswerKeepsAnEmptyPlanError() throws Exception {
    JsonNode body = written(new WriteAnswers.Uninstalled("qwen", "team-a", "uninstalled", ""));

    assertThat(body.fieldNames())
        .toIterable()
        .containsExactly("release", "namespace", "output", "planError");
  }
}
