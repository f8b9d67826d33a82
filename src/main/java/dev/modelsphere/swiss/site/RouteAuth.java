package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import java.util.Map;

/**
 * How swissd authenticates to a model's route when it calls it (readiness, the web's try-it).
 *
 * @param header the header carrying the key; {@code Authorization} when empty
 * @param prefix put before the key; {@code Bearer } when neither prefix nor header is set
 * @param secretRef the Secret holding the key, {@code ns/name} or a bare name in swissd's namespace
 * @param secretKey the key of the API key in that Secret
 * @param headers sent on every call to the route
 */
public record RouteAuth(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String header,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String prefix,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String secretRef,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String secretKey,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> headers) {

  public static final String DEFAULT_HEADER = "Authorization";
  public static final String DEFAULT_PREFIX = "Bearer ";

  public RouteAuth {
    header = Nulls.orEmpty(header);
    prefix = Nulls.orEmpty(prefix);
    secretRef = Nulls.orEmpty(secretRef);
    secretKey = Nulls.orEmpty(secretKey);
    headers = Nulls.map(headers);
  }

  public static RouteAuth none() {
    return new RouteAuth("", "", "", "", Map.of());
  }

  public String headerName() {
    return header.isEmpty() ? DEFAULT_HEADER : header;
  }

  /**
   * The text before the key. A custom header gets no prefix unless one is set, because the {@code
   * Bearer } convention belongs to {@code Authorization}.
   */
  public String keyPrefix() {
    if (!prefix.isEmpty()) {
      return prefix;
    }
    return header.isEmpty() ? DEFAULT_PREFIX : "";
  }

  /** The key Secret as {@code ns/name}, a bare name qualified with {@code namespace}. */
  public String secretReference(String namespace) {
    return Text.qualify(secretRef, namespace);
  }
}
