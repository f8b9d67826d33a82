package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.testing.LocalHttpServer.Answer;
import dev.modelsphere.swiss.testing.LocalHttpServer.Received;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A simulation of the LLM scaler's SLO server: {@code GET /config/<release>} answers the
 * requirement it holds for a release, 404 for one it does not know, and 401 without the bearer
 * token it was started with. No scaler runs.
 */
public final class SimulatedSloServer implements AutoCloseable {
  private final String token;
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final LocalHttpServer http;

  private SimulatedSloServer(String token) {
    this.token = token;
    this.http = LocalHttpServer.start(this::answer);
  }

  /** A server that accepts only {@code Authorization: Bearer <token>}. */
  public static SimulatedSloServer acceptingToken(String token) {
    return new SimulatedSloServer(token);
  }

  /** Holds {@code configJson} as the release's requirement. */
  public SimulatedSloServer knows(String release, String configJson) {
    answers.put(release, new Answer(200, configJson));
    return this;
  }

  /** Refuses every request about the release with {@code status} and {@code errorJson}. */
  public SimulatedSloServer refuses(String release, int status, String errorJson) {
    answers.put(release, new Answer(status, errorJson));
    return this;
  }

  /** The server's base address: {@code http://127.0.0.1:<port>}. */
  public String url() {
    return http.url();
  }

  public List<Received> received() {
    return http.received();
  }

  private Answer answer(Received request) {
    if (!request.header("Authorization").equals("Bearer " + token)) {
      return new Answer(401, "{\"error\": \"a bearer token is required\"}");
    }
    String prefix = "/config/";
    if (!request.path().startsWith(prefix)) {
      return new Answer(404, "{\"error\": \"no such endpoint\"}");
    }
    String release = request.path().substring(prefix.length());
    Answer held =
        answers.getOrDefault(
            release, new Answer(404, "{\"error\": \"no requirement for %s\"}".formatted(release)));
    boolean refusing = held.status() != 200 && held.status() != 404;
    switch (request.method()) {
      case "GET":
        return held;
      case "PUT":
        if (refusing) {
          return held;
        }
        // As the real SLO server does: the body becomes the requirement and is echoed back.
        answers.put(release, new Answer(200, request.body()));
        return new Answer(200, request.body());
      case "DELETE":
        if (refusing) {
          return held;
        }
        answers.remove(release);
        return new Answer(204, "");
      default:
        return new Answer(405, "{\"error\": \"method not allowed\"}");
    }
  }

  @Override
  public void close() {
    http.close();
  }
}
