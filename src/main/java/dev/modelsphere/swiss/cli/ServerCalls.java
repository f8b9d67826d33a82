package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.UninstallResult;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import dev.modelsphere.swiss.values.JsonMappers;

/** The write use cases through a swiss server's API, answered as the local ones answer. */
final class ServerCalls {
  /** A server of a newer version may answer members this one does not know. */
  private static final ObjectMapper ANSWERS =
      JsonMappers.PLAIN
          .rebuild()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private ServerCalls() {}

  /** A plan the server composed and stored, and the release it is for. */
  record StoredPlan(String hash, String namespace, String release) {}

  /**
   * A write's answer as the local use case answers it. The API's answer names the release but not
   * its namespace, which the caller knows.
   */
  static ApplyResult applied(JsonNode answer, String namespace) {
    ApplyResult result = as(answer, ApplyResult.class);
    return new ApplyResult(
        namespace,
        result.release(),
        result.planHash(),
        result.revision(),
        result.output(),
        result.statusError() == null ? "" : result.statusError(),
        // A server older than the answer's changed member made a revision for every write.
        answer.path("changed").asBoolean(true));
  }

  static UninstallResult uninstalled(JsonNode answer) {
    return as(answer, UninstallResult.class);
  }

  /** The release's status on the server, for following a rollout there. */
  static StatusReport status(SwissApi api, String namespace, String release) {
    return StatusJson.report(api.get(SwissApi.releasePath(namespace, release, "/status")));
  }

  /** An answer, or a member of one, as the type the server wrote it from. */
  static <T> T as(JsonNode answer, Class<T> type) {
    try {
      return ANSWERS.treeToValue(answer, type);
    } catch (JsonProcessingException e) {
      throw new CliException(
          "the server's answer is not a %s: %s".formatted(type.getSimpleName(), e.getMessage()));
    }
  }
}
