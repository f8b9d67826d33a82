package dev.modelsphere.swiss.server.upstream;

import dev.modelsphere.swiss.values.Nulls;
import java.util.Collections;
import java.util.LinkedHashMap;
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
    apiKey = Nulls.orEmpty(apiKey);
    // A header sent as JSON null is a header with no value, as the reference decodes it.
    Map<String, String> given = new LinkedHashMap<>();
    Nulls.map(headers).forEach((name, value) -> given.put(name, Nulls.orEmpty(value)));
    headers = Collections.unmodifiableMap(given);
  }
}
