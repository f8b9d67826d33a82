package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorReason;
import dev.modelsphere.swiss.server.http.ErrorStatus;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A swiss server's HTTP API, as the command line calls it: JSON in and out, the session's token as
 * a bearer, and a failure answered by the server failing the command as it failed there.
 */
final class SwissApi {
  /**
   * A request body is the record the route decodes, written with its unset members left out: the
   * route reads a left-out member as the record's default (empty, 0, false), and a body holds only
   * what the user asked for. Values inside a map (the {@code --set} values) are all sent, {@code
   * 0}, {@code false} and {@code null} included.
   */
  private static final ObjectMapper REQUESTS =
      JsonMappers.PLAIN
          .rebuild()
          .defaultPropertyInclusion(
              JsonInclude.Value.construct(
                  JsonInclude.Include.NON_DEFAULT, JsonInclude.Include.ALWAYS))
          .build();

  /** Deploys wait for the cluster and Helm; the server bounds them itself. */
  private static final Duration TIMEOUT = Duration.ofMinutes(10);

  private final String server;
  private final String token;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  SwissApi(String server, String token) {
    this.server = server.replaceAll("/+$", "");
    this.token = token == null ? "" : token;
  }

  String server() {
    return server;
  }

  /** The answer's body, exactly as the server wrote it. */
  String text(String method, String path, Object body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server + path))
            .timeout(TIMEOUT)
            .header("Accept", "application/json");
    if (!token.isEmpty()) {
      request.header("Authorization", "Bearer " + token);
    }
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(body(body)));
    }
    HttpResponse<String> answer;
    try {
      answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new CliException(
          "cannot reach the swiss server %s: %s (pass --server, or swiss login to another)"
              .formatted(
                  server, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while calling " + server);
    }
    if (answer.statusCode() >= 400) {
      throw refused(method, path, answer);
    }
    return answer.body();
  }

  JsonNode json(String method, String path, Object body) {
    try {
      return JsonMappers.PLAIN.readTree(text(method, path, body));
    } catch (IOException e) {
      throw new CliException(
          "%s %s on %s answered something other than JSON: %s"
              .formatted(method, path, server, e.getMessage()));
    }
  }

  /** {@code text} as one path segment or query value: nothing in it can reach another route. */
  static String segment(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** The path of a release's route, each name one segment: {@code /api/releases/ns/name<tail>}. */
  static String releasePath(String namespace, String release, String tail) {
    return "/api/releases/" + segment(namespace) + "/" + segment(release) + tail;
  }

  /** The JSON a request record is sent as. */
  static String body(Object request) {
    try {
      return REQUESTS.writeValueAsString(request);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  JsonNode get(String path) {
    return json("GET", path, null);
  }

  JsonNode post(String path, Object body) {
    return json("POST", path, body);
  }

  /** A GET answered with the record the route writes. */
  <T> T get(String path, Class<T> answer) {
    return ServerCalls.as(get(path), answer);
  }

  /** A POST of a request record, answered with the record the route writes. */
  <T> T post(String path, Object body, Class<T> answer) {
    return ServerCalls.as(post(path, body), answer);
  }

  private DomainException refused(String method, String path, HttpResponse<String> answer) {
    String message = answer.body();
    ErrorReason reason = ErrorReason.NONE;
    try {
      JsonNode error = JsonMappers.PLAIN.readTree(answer.body());
      if (error.path("error").isTextual()) {
        message = error.path("error").asText();
      }
      reason = ErrorReason.ofWire(error.path("reason").asText());
    } catch (IOException notJson) {
      // The body as it came is the best message there is.
    }
    String hint = answer.statusCode() == 401 ? " (sign in again: swiss login " + server + ")" : "";
    return new DomainException(
        ErrorStatus.kindOf(answer.statusCode()),
        reason,
        "%s %s: %d %s%s".formatted(method, path, answer.statusCode(), message.strip(), hint));
  }
}
