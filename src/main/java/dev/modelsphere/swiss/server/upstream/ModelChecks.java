package dev.modelsphere.swiss.server.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.catalog.AddressRule;
import dev.modelsphere.swiss.plan.CanonicalJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The two checks of a release through its entrypoint: the probe lists the models (the route
 * resolves and the engine answers), the chat spends a few tokens (the model can generate, which a
 * model list does not prove: weights can be half-loaded, a tensor-parallel peer missing).
 */
public final class ModelChecks {
  /** A model list is quick; an entrypoint that takes longer is not serving. */
  public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(20);

  /**
   * The first request to a freshly loaded model pays for a cold cache; a short timeout would call a
   * healthy model broken. Below the chat route's two-minute deadline, so the client still hears
   * why.
   */
  public static final Duration CHAT_TIMEOUT = Duration.ofSeconds(110);

  /** Enough for any model list or short reply; the rest of a body is not read. */
  static final int READ_CAP = 64 << 10;

  private final UpstreamHttp http;
  private final Duration probeTimeout;
  private final Duration chatTimeout;

  /**
   * @param policy the addresses a check may reach
   */
  public ModelChecks(UpstreamPolicy policy) {
    this(policy.addresses(), PROBE_TIMEOUT, CHAT_TIMEOUT);
  }

  ModelChecks(AddressRule addresses, Duration probeTimeout, Duration chatTimeout) {
    this.http = new UpstreamHttp(addresses);
    this.probeTimeout = probeTimeout;
    this.chatTimeout = chatTimeout;
  }

  /**
   * {@code GET <route>/v1/models}; every outcome is a result, a failed call included.
   *
   * @throws dev.modelsphere.swiss.catalog.RefusedAddressException when the entrypoint's host is one
   *     the policy refuses; nothing is sent then
   */
  public ProbeResult probe(Entrypoint entrypoint) {
    String url = entrypoint.url("/v1/models");
    UpstreamHttp.Exchange exchange =
        http.send("GET", url, entrypoint.headers(), null, probeTimeout, READ_CAP);
    boolean ok = exchange.answered() && exchange.status() == 200;
    List<String> models = exchange.answered() ? modelIds(exchange.body()) : List.of();
    boolean showBody = exchange.answered() && (!ok || models.isEmpty());
    return new ProbeResult(
        url,
        ok,
        exchange.status(),
        exchange.latencyMillis(),
        models,
        problem(exchange),
        exchange.location(),
        showBody ? Snippet.of(exchange.text()) : "",
        entrypoint.sentHeaders(),
        entrypoint.curl("GET", url, null));
  }

  /**
   * One request of {@code api} for {@code maxTokens} tokens; every outcome is a result.
   *
   * @throws dev.modelsphere.swiss.catalog.RefusedAddressException as {@link #probe}
   */
  public ChatResult chat(
      Entrypoint entrypoint, ChatApi api, String model, String prompt, int maxTokens) {
    String url = entrypoint.url(api.path());
    String body = CanonicalJson.compact(api.body(model, prompt, maxTokens));
    UpstreamHttp.Exchange exchange =
        http.send("POST", url, entrypoint.headers(), body, chatTimeout, READ_CAP);
    ModelReply reply =
        exchange.answered() ? ModelReply.parse(api, exchange.body()) : ModelReply.NONE;
    // A 200 carrying nothing generated is a failure; text that never left the thinking channel
    // still came from a model that ran.
    boolean ok = exchange.answered() && exchange.status() == 200 && reply.generated();
    return new ChatResult(
        url,
        api.wireName(),
        model,
        ok,
        exchange.status(),
        exchange.latencyMillis(),
        reply.text(),
        reply.reasoning(),
        reply.finish(),
        problem(exchange),
        exchange.location(),
        exchange.answered() && !ok ? Snippet.of(exchange.text()) : "",
        entrypoint.sentHeaders(),
        entrypoint.curl("POST", url, body));
  }

  /** Why there is no answer to use: the call failed, or the entrypoint redirected elsewhere. */
  private static String problem(UpstreamHttp.Exchange exchange) {
    if (!exchange.redirected()) {
      return exchange.error();
    }
    return ("the entrypoint redirected to %s; a check does not follow redirects, which would carry"
            + " the key and headers to another address -- point route.nginxService at the"
            + " address that serves the route")
        .formatted(exchange.location());
  }

  /** The ids in an OpenAI model list ({@code data[].id}); none when the body is not one. */
  static List<String> modelIds(byte[] body) {
    List<String> ids = new ArrayList<>();
    for (JsonNode model : LenientJson.elements(LenientJson.read(body).path("data"))) {
      String id = LenientJson.string(model, "id");
      if (!id.isEmpty()) {
        ids.add(id);
      }
    }
    return ids;
  }
}
