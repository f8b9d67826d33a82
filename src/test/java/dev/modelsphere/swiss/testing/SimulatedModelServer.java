package dev.modelsphere.swiss.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.testing.LocalHttpServer.Answer;
import dev.modelsphere.swiss.testing.LocalHttpServer.Received;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A simulation of a model server behind the site's entrypoint (openresty routing {@code /<route>/}
 * to an sglang or vLLM engine): no model runs. It answers the OpenAI and Anthropic APIs for one
 * route and one served model name: {@code /v1/models}, {@code /v1/chat/completions}, {@code
 * /v1/completions} and {@code /v1/messages}, as an engine would, or in one of the ways an engine
 * misbehaves.
 */
public final class SimulatedModelServer implements AutoCloseable {
  /** How the simulated engine behaves. */
  public enum Behaviour {
    /** Lists its model and answers "ok". */
    ANSWERS,
    /** A reasoning model whose token budget ran out mid-thought: only the thinking channel. */
    THINKS_PAST_BUDGET,
    /** Answers 500 to everything, as an engine whose weights failed to load. */
    FAILS,
    /** Answers as {@link #ANSWERS}, after {@link #slowness}. */
    ANSWERS_SLOWLY,
    /** Lists so many models that the list runs far past 64 KiB. */
    LISTS_TOO_MUCH
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String CHAT =
      """
      {"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"index": 0,
        "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}]}
      """;

  private static final String CHAT_THINKING =
      """
      {"id": "chatcmpl-2", "object": "chat.completion", "choices": [{"index": 0,
        "message": {"role": "assistant", "content": null,
                    "reasoning_content": "The user wants a single word. Which word"},
        "finish_reason": "length"}]}
      """;

  private static final String COMPLETION =
      """
      {"id": "cmpl-1", "object": "text_completion",
       "choices": [{"index": 0, "text": " ok\\n", "finish_reason": "stop"}]}
      """;

  private static final String MESSAGES =
      """
      {"id": "msg-1", "type": "message", "role": "assistant",
       "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn"}
      """;

  private static final String MESSAGES_THINKING =
      """
      {"id": "msg-2", "type": "message", "role": "assistant",
       "content": [{"type": "thinking", "thinking": "One word is asked for."}],
       "stop_reason": "max_tokens"}
      """;

  private final String route;
  private final String model;
  private final Map<String, String> requiredHeaders = new ConcurrentHashMap<>();
  private final LocalHttpServer http;
  private volatile Behaviour behaviour = Behaviour.ANSWERS;
  private volatile Duration slowness = Duration.ofSeconds(3);

  private SimulatedModelServer(String route, String model) {
    this.route = route;
    this.model = model;
    this.http = LocalHttpServer.start(this::answer);
  }

  /** An engine serving {@code model} under {@code /<route>/}. */
  public static SimulatedModelServer serving(String route, String model) {
    return new SimulatedModelServer(route, model);
  }

  public SimulatedModelServer behave(Behaviour next) {
    behaviour = next;
    return this;
  }

  /** How long {@link Behaviour#ANSWERS_SLOWLY} waits before it answers. */
  public SimulatedModelServer slowness(Duration wait) {
    slowness = wait;
    return this;
  }

  /** Requests without this header and value are refused with 401, as the entrypoint's auth does. */
  public SimulatedModelServer requireHeader(String name, String value) {
    requiredHeaders.put(name, value);
    return this;
  }

  /** Where the entrypoint is reached: {@code http://127.0.0.1:<port>}. */
  public String url() {
    return http.url();
  }

  public List<Received> received() {
    return http.received();
  }

  private Answer answer(Received request) {
    String prefix = "/" + route + "/v1/";
    if (!request.path().startsWith(prefix)) {
      return new Answer(404, "{\"error\": \"no route for %s\"}".formatted(request.path()));
    }
    for (Map.Entry<String, String> required : requiredHeaders.entrySet()) {
      if (!request.header(required.getKey()).equals(required.getValue())) {
        return new Answer(401, "{\"error\": {\"message\": \"invalid api key\"}}");
      }
    }
    switch (behaviour) {
      case FAILS:
        return new Answer(500, "{\"error\": {\"message\": \"the engine failed to load\"}}");
      case ANSWERS_SLOWLY:
        sleep();
        break;
      default:
        break;
    }
    String endpoint = request.path().substring(prefix.length());
    if (endpoint.equals("models")) {
      return new Answer(200, modelList());
    }
    JsonNode body = parse(request.body());
    if (!model.equals(body.path("model").asText())) {
      return new Answer(
          404,
          "{\"error\": {\"message\": \"The model `%s` does not exist.\"}}"
              .formatted(body.path("model").asText()));
    }
    boolean thinking = behaviour == Behaviour.THINKS_PAST_BUDGET;
    return switch (endpoint) {
      case "chat/completions" -> new Answer(200, thinking ? CHAT_THINKING : CHAT);
      case "completions" -> new Answer(200, COMPLETION);
      case "messages" -> new Answer(200, thinking ? MESSAGES_THINKING : MESSAGES);
      default -> new Answer(404, "{\"error\": \"no endpoint %s\"}".formatted(endpoint));
    };
  }

  private String modelList() {
    StringBuilder data =
        new StringBuilder("{\"id\": \"%s\", \"object\": \"model\"}".formatted(model));
    if (behaviour == Behaviour.LISTS_TOO_MUCH) {
      for (int i = 0; i < 5000; i++) {
        data.append(", {\"id\": \"adapter-%04d\", \"object\": \"model\"}".formatted(i));
      }
    }
    return "{\"object\": \"list\", \"data\": [" + data + "]}";
  }

  private void sleep() {
    try {
      Thread.sleep(slowness.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static JsonNode parse(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    http.close();
  }
}
