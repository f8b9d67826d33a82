package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.server.http.ErrorStatus;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
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
          .method(method, HttpRequest.BodyPublishers.ofString(Json.text(body)));
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

  JsonNode get(String path) {
    return json("GET", path, null);
  }

  JsonNode post(String path, Object body) {
    return json("POST", path, body);
  }

  private DomainException refused(String method, String path, HttpResponse<String> answer) {
    String reason = answer.body();
    try {
      JsonNode error = JsonMappers.PLAIN.readTree(answer.body()).path("error");
      if (error.isTextual()) {
        reason = error.asText();
      }
    } catch (IOException notJson) {
      // The body as it came is the best reason there is.
    }
    String hint = answer.statusCode() == 401 ? " (sign in again: swiss login " + server + ")" : "";
    return new DomainException(
        ErrorStatus.kindOf(answer.statusCode()),
        "%s %s: %d %s%s".formatted(method, path, answer.statusCode(), reason.strip(), hint));
  }
}
