package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.modelsphere.swiss.deploy.PlanInput;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.server.api.PlanRequest;
import dev.modelsphere.swiss.server.api.WriteAnswers;
import dev.modelsphere.swiss.values.JsonMappers;

/**
 * The use cases through a swiss server's API, each sent as the record its route decodes and read as
 * the record the route writes, answered as the local use cases answer.
 */
final class ServerCalls {
  /** A server of a newer version may answer members this one does not know. */
  private static final ObjectMapper ANSWERS =
      JsonMappers.PLAIN
          .rebuild()
          .addModule(new JavaTimeModule())
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private ServerCalls() {}

  /**
   * A plan the server composed and stored, and its answer as the server wrote it (the plan with its
   * notes: what it shadowed, warnings, preflight).
   */
  record Composed(Plan plan, String json) {}

  /** Composes and stores a plan on the server; its hash is checked as a plan file's is. */
  static Composed compose(SwissApi api, PlanInput input) {
    String answer = api.text("POST", "/api/plans", PlanRequest.of(input));
    try {
      return new Composed(
          PlanJson.fromJson("the plan " + api.server() + " composed", answer), answer);
    } catch (PlanException e) {
      throw new CliException(e.getMessage());
    }
  }

  /**
   * A write's answer as the local use case answers it. The API's answer names the release but not
   * its namespace, which the caller knows.
   */
  static ApplyResult applied(JsonNode answer, String namespace) {
    WriteAnswers.Applied result = as(answer, WriteAnswers.Applied.class);
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
    WriteAnswers.Uninstalled result = as(answer, WriteAnswers.Uninstalled.class);
    return new UninstallResult(
        result.release(), result.namespace(), result.output(), result.planError());
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
