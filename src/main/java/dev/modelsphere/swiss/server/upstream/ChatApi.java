package dev.modelsphere.swiss.server.upstream;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The inference APIs a chat check can speak, each with its path and request shape. */
public enum ChatApi {
  CHAT("chat", "/v1/chat/completions"),
  COMPLETIONS("completions", "/v1/completions"),
  MESSAGES("messages", "/v1/messages");

  private final String wireName;
  private final String path;

  ChatApi(String wireName, String path) {
    this.wireName = wireName;
    this.path = path;
  }

  /** The API a request names: {@code chat}, {@code completions} or {@code messages}. */
  public static Optional<ChatApi> named(String name) {
    return Arrays.stream(values()).filter(api -> api.wireName.equals(name)).findFirst();
  }

  public String wireName() {
    return wireName;
  }

  public String path() {
    return path;
  }

  /**
   * The request body. Keys are sorted, as the reference's encoder writes a map, so the shown curl
   * line is the one it showed. Streaming is off: a check wants the whole answer at once.
   */
  Map<String, Object> body(String model, String prompt, int maxTokens) {
    Map<String, Object> body = new TreeMap<>();
    body.put("model", model);
    body.put("max_tokens", maxTokens);
    if (this == COMPLETIONS) {
      body.put("prompt", prompt);
    } else {
      body.put("messages", List.of(new TreeMap<>(Map.of("role", "user", "content", prompt))));
    }
    if (this != MESSAGES) {
      body.put("stream", false);
    }
    return body;
  }
}
