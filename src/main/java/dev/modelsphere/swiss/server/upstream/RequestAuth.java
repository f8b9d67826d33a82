package dev.modelsphere.swiss.server.upstream;

import java.util.Map;

/**
 * The credentials a request brings for one check, over the site profile's: a key to try before it
 * is written into a Secret, and extra headers. Never echoed back in a result.
 *
 * @param apiKey replaces the key from the profile's Secret; empty to use that
 * @param headers sent besides, replacing profile headers of the same name
 */
public record RequestAuth(String apiKey, Map<String, String> headers) {
  public static final RequestAuth NONE = new RequestAuth("", Map.of());

  public RequestAuth {
    apiKey = apiKey == null ? "" : apiKey;
    headers = headers == null ? Map.of() : Map.copyOf(headers);
  }
}
