package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import java.util.Map;

/**
 * Wiring to the LLM scaler: the decision server every release reports to, and the SLO API that only
 * swissd talks to.
 *
 * @param serverAddress copied into the values as {@code scaler.serverAddress}
 * @param serverHeaders copied into the values as {@code scaler.serverHeaders}
 * @param sloAddress the SLO API base URL (swissd only, never copied into values)
 * @param sloTokenSecret the Secret holding the SLO API token, {@code ns/name} or a bare name in
 *     swissd's own namespace
 * @param sloTokenKey the key of the token in that Secret
 */
public record Scaler(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String serverAddress,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> serverHeaders,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String sloAddress,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String sloTokenSecret,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String sloTokenKey) {

  public static final String DEFAULT_SLO_SERVER = "http://slo-api.llm-scaler.svc:80";
  public static final String DEFAULT_SLO_TOKEN_KEY = "token";

  public Scaler {
    serverAddress = Nulls.orEmpty(serverAddress);
    serverHeaders = Nulls.map(serverHeaders);
    sloAddress = Nulls.orEmpty(sloAddress);
    sloTokenSecret = Nulls.orEmpty(sloTokenSecret);
    sloTokenKey = Nulls.orEmpty(sloTokenKey);
  }

  public static Scaler none() {
    return new Scaler("", Map.of(), "", "", "");
  }

  /** The SLO API base URL without a trailing slash, or the in-cluster default. */
  public String sloServer() {
    String address = sloAddress.strip().replaceAll("/+$", "");
    return address.isEmpty() ? DEFAULT_SLO_SERVER : address;
  }

  /** The token Secret as {@code ns/name}, a bare name qualified with {@code namespace}. */
  public String sloTokenRef(String namespace) {
    return Text.qualify(sloTokenSecret, namespace);
  }

  /** The key of the token in the Secret, {@code token} unless set. */
  public String sloTokenKeyOrDefault() {
    return sloTokenKey.isEmpty() ? DEFAULT_SLO_TOKEN_KEY : sloTokenKey;
  }
}
