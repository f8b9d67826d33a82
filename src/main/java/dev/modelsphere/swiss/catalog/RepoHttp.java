package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The HTTP side of reading chart repositories: bounded GETs and what a failed answer says. */
final class RepoHttp {

  static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** Large public indexes run to a few MiB; anything past this is not an index. */
  static final int MAX_BODY = 32 << 20;

  private static final int MAX_DETAIL = 200;

  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .connectTimeout(TIMEOUT)
          .followRedirects(HttpClient.Redirect.NORMAL)
          .build();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A response whose body was read in full. */
  record Response(URI uri, int status, HttpResponse<?> raw, byte[] body) {
    Optional<String> header(String name) {
      return raw.headers().firstValue(name);
    }

    List<String> headers(String name) {
      return raw.headers().allValues(name);
    }

    boolean ok() {
      return status / 100 == 2;
    }
  }

  private RepoHttp() {}

  /**
   * GETs {@code uri}, failing as {@code repo} (the location to name in errors) when the request
   * fails or the body exceeds {@link #MAX_BODY}. Any status is returned as is. Messages name {@code
   * repo} only: {@code uri} may be a token endpoint the operator never configured.
   */
  static Response get(String repo, URI uri, String authorization) {
    try {
      HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
      if (authorization != null) {
        request.header("Authorization", authorization);
      }
      HttpResponse<InputStream> response =
          CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = response.body()) {
        byte[] bytes = body.readNBytes(MAX_BODY + 1);
        if (bytes.length > MAX_BODY) {
          throw new RepoException(repo, "the response is larger than " + (MAX_BODY >> 20) + " MiB");
        }
        return new Response(response.uri(), response.statusCode(), response, bytes);
      }
    } catch (IOException e) {
      throw new RepoException(repo, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RepoException(repo, "interrupted while reading the repository", e);
    } catch (IllegalArgumentException e) {
      throw new RepoException(repo, "not a location to request: " + e.getMessage(), e);
    }
  }

  /** The failure for a response that is not a success. */
  static RepoException failure(String repo, Response response) {
    return new RepoException(repo, response.status(), detail(response.body()).orElse(null));
  }

  /**
   * What a failed response says, in one line: an OCI error document's errors as {@code CODE:
   * message; ...}, or else a body that is already one short line of text (not an HTML page).
   */
  static Optional<String> detail(byte[] body) {
    return ociErrors(body).or(() -> shortLine(body));
  }

  private static Optional<String> ociErrors(byte[] body) {
    JsonNode errors;
    try {
      errors = JSON.readTree(body).path("errors");
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    for (JsonNode error : errors) {
      String code = error.path("code").asText("");
      String message = error.path("message").asText("");
      parts.add(code.isEmpty() ? message : message.isEmpty() ? code : code + ": " + message);
    }
    parts.removeIf(String::isEmpty);
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
  }

  private static Optional<String> shortLine(byte[] body) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(body))
              .toString()
              .strip();
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
    boolean oneShortLine =
        !text.isEmpty()
            && text.length() <= MAX_DETAIL
            && !text.startsWith("<")
            && text.indexOf('\n') < 0
            && text.indexOf('\r') < 0;
    return oneShortLine ? Optional.of(text) : Optional.empty();
  }
}
