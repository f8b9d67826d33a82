package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import dev.modelsphere.swiss.deploy.view.StatusReportBuilder;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Answers as the API writes them, for the tables that are views of them: a local answer becomes the
 * JSON a server would have sent, and a server's status becomes what a rollout is followed by.
 */
final class StatusJson {
  private StatusJson() {}

  /** The JSON tree of {@code answer}, written exactly as the server writes it. */
  static JsonNode tree(Object answer) {
    try {
      return JsonMappers.PLAIN.readTree(Json.text(answer));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What following a rollout needs of a server's status answer: its pods and how many are ready.
   */
  static StatusReport report(JsonNode status) {
    List<PodView> pods = new ArrayList<>();
    for (JsonNode pod : status.path("pods")) {
      pods.add(
          new PodView(
              pod.path("name").asText(),
              pod.path("phase").asText(),
              pod.path("ready").asBoolean(),
              pod.path("restarts").asInt(),
              pod.path("node").asText(),
              pod.path("message").asText(),
              pod.path("ageSeconds").asLong(),
              null,
              pod.path("gpus").asInt(),
              null));
    }
    return StatusReportBuilder.builder()
        .release(status.path("release").asText())
        .namespace(status.path("namespace").asText())
        .exists(status.path("exists").asBoolean())
        .pods(pods)
        .ready(status.path("ready").asInt())
        .total(status.path("total").asInt())
        .build();
  }
}
