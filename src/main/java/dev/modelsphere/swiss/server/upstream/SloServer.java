package dev.modelsphere.swiss.server.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.site.Scaler;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The SLO server that keeps a release's LLMSLORequirement thresholds. swissd reads them through it
 * and never writes the requirement itself, so the two never share a field manager. The server
 * refuses anonymous calls: every call carries the bearer token from the Secret the profile names,
 * and so goes only to an origin {@code server.security.secretDestinations} lists, and never follows
 * a redirect.
 */
public final class SloServer {
  static final Duration TIMEOUT = Duration.ofSeconds(10);
  static final int READ_CAP = 1 << 20;

  /**
   * What the SLO server answered.
   *
   * @param status its HTTP status
   * @param body its JSON object; empty when it sent none
   */
  public record Answer(int status, Map<String, Object> body) {
    /**
     * Why the server refused: its {@code error} text, or {@code error.field: error.message}, or
     * {@code error.message}, else a general phrase.
     */
    public String refusal() {
      Object error = body.get("error");
      if (error instanceof String text && !text.isEmpty()) {
        return text;
      }
      if (error instanceof Map<?, ?> detail
          && detail.get("message") instanceof String message
          && !message.isEmpty()) {
        return detail.get("field") instanceof String field && !field.isEmpty()
            ? field + ": " + message
            : message;
      }
      return "slo server refused the request (HTTP %d)".formatted(status);
    }
  }

  private static final String TOKEN_SETTING = "scaler.sloTokenSecret";
  private static final String ADDRESS_SETTING = "scaler.sloAddress";

  private final UpstreamHttp http;
  private final SecretDestinations destinations;
  private final SecretValues secrets;
  private final String ownNamespace;

  /**
   * @param ownNamespace where a token Secret named without a namespace lives: this server's own
   * @param policy where the token may go
   */
  public SloServer(Kube kube, String ownNamespace, UpstreamPolicy policy) {
    this.http = new UpstreamHttp(policy.addresses());
    this.destinations = policy.secretDestinations();
    this.secrets = new SecretValues(kube);
    this.ownNamespace = ownNamespace;
  }

  /**
   * The bearer token the profile's {@code scaler.sloTokenSecret} holds, for the SLO server the
   * profile names.
   *
   * @throws UpstreamException when the profile names no Secret, or it or its key cannot be read
   * @throws dev.modelsphere.swiss.error.DomainException {@code FORBIDDEN} when the server config
   *     does not list the SLO server among the token's destinations; the Secret is not read then
   */
  public String token(Scaler scaler) {
    if (scaler.sloTokenSecret().isEmpty()) {
      throw new UpstreamException(
          "scaler.sloTokenSecret is required: the SLO server refuses anonymous calls -- name the"
              + " Secret holding its token in the site profile");
    }
    destinations.require(scaler.sloServer(), TOKEN_SETTING, ADDRESS_SETTING);
    return secrets.read(
        TOKEN_SETTING, scaler.sloTokenRef(ownNamespace), scaler.sloTokenKeyOrDefault());
  }

  /**
   * {@code GET <base>/config/<release>}: the SLO server addresses a requirement by its service id,
   * which is the release name.
   *
   * @throws UpstreamException when the server could not be reached, did not answer in time, or
   *     answered with a redirect (not followed)
   * @throws dev.modelsphere.swiss.error.DomainException {@code FORBIDDEN} when {@code base} is not
   *     among the token's destinations, or its host is an address the policy refuses
   */
  public Answer config(String base, String release, String token) {
    return exchange("GET", base, release, token, null);
  }

  /**
   * {@code PUT <base>/config/<release>} with {@code config} as the new thresholds.
   *
   * @throws UpstreamException as {@link #config}
   */
  public Answer putConfig(String base, String release, String token, Map<String, Object> config) {
    return exchange("PUT", base, release, token, LenientJson.text(config));
  }

  /**
   * {@code DELETE <base>/config/<release>}: back to the SLO server's defaults.
   *
   * @throws UpstreamException as {@link #config}
   */
  public Answer deleteConfig(String base, String release, String token) {
    return exchange("DELETE", base, release, token, null);
  }

  private Answer exchange(String method, String base, String release, String token, String body) {
    destinations.require(base, TOKEN_SETTING, ADDRESS_SETTING);
    String url = base + "/config/" + PathSegment.escape(release);
    UpstreamHttp.Exchange exchange =
        http.send(method, url, Map.of("Authorization", "Bearer " + token), body, TIMEOUT, READ_CAP);
    if (!exchange.answered()) {
      throw new UpstreamException("slo server: %s".formatted(exchange.error()));
    }
    if (exchange.redirected()) {
      throw new UpstreamException(
          ("slo server: %s %s answered %d, a redirect to %s; swiss does not follow it, as it would"
                  + " carry the token elsewhere -- set %s to the address that answers")
              .formatted(method, url, exchange.status(), exchange.location(), ADDRESS_SETTING));
    }
    return new Answer(exchange.status(), object(exchange.body()));
  }

  private static Map<String, Object> object(byte[] body) {
    JsonNode doc = LenientJson.read(body);
    if (!doc.isObject()) {
      return new LinkedHashMap<>();
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> fields = LenientJson.mapper().convertValue(doc, LinkedHashMap.class);
    return fields;
  }
}
