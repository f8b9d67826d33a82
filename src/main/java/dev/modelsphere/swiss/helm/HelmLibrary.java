package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.modelsphere.swiss.values.JsonMappers;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * swiss's Helm 4 library (built from {@code native/helm}): Helm's own Go SDK, loaded in process
 * through JNA and called with one JSON request per action. The library answers {@code {"result":
 * ...}} or {@code {"error": {"kind", "message", "conflicts"}}}.
 */
final class HelmLibrary {

  private static final ObjectMapper JSON = JsonMappers.PLAIN;

  /** The C interface of {@code libswisshelm}. */
  private interface Native_ extends Library {
    Pointer swiss_helm_call(String request);

    void swiss_helm_free(Pointer answer);
  }

  // Loaded on first use: a CLI command that never calls Helm does not pay for the Go runtime.
  private static final class Loaded {
    static final Native_ LIB =
        Native.load(
            "swisshelm",
            Native_.class,
            Map.of(Library.OPTION_STRING_ENCODING, StandardCharsets.UTF_8.name()));

    static {
      loaded = true;
    }
  }

  private static volatile boolean loaded;

  private HelmLibrary() {}

  /** Whether the library is in the process: asking a question of it would not load it. */
  static boolean isLoaded() {
    return loaded;
  }

  /**
   * Runs one request; returns its result.
   *
   * @throws HelmLibraryError when Helm failed, with the library's classification
   */
  static JsonNode call(Map<String, Object> request) {
    String text;
    try {
      text = JSON.writeValueAsString(request);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot encode a helm request", e);
    }
    Pointer answer = Loaded.LIB.swiss_helm_call(text);
    JsonNode parsed;
    try {
      parsed = JSON.readTree(answer.getString(0, StandardCharsets.UTF_8.name()));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the helm library answered something that is not JSON", e);
    } finally {
      Loaded.LIB.swiss_helm_free(answer);
    }
    JsonNode error = parsed.get("error");
    if (error != null && !error.isNull()) {
      throw HelmLibraryError.of(error);
    }
    return parsed.path("result");
  }
}
