package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.upstream.RequestAuth;
import dev.modelsphere.swiss.values.Nulls;
import java.util.Map;

/**
 * The body of {@code POST .../probe} and {@code POST .../chat}; every field is optional and an
 * empty body asks for the defaults. The probe reads only the credentials.
 *
 * @param api {@code chat} (the default), {@code completions} or {@code messages}
 * @param prompt what the model is asked
 * @param model the model name to send; the plan's served name when empty
 * @param maxTokens the token budget of the answer
 * @param apiKey replaces the key from the profile's Secret
 * @param headers sent besides the profile's, replacing those of the same name
 */
record CheckRequest(
    String api,
    String prompt,
    String model,
    int maxTokens,
    String apiKey,
    Map<String, String> headers) {
  static final CheckRequest DEFAULTS = new CheckRequest(null, null, null, 0, null, null);

  static final String DEFAULT_API = "chat";
  static final String DEFAULT_PROMPT = "Reply with the single word: ok";

  /** Enough for a one-word answer, and cheap enough to press often. */
  static final int DEFAULT_MAX_TOKENS = 32;

  CheckRequest {
    api = api == null || api.isEmpty() ? DEFAULT_API : api;
    prompt = prompt == null || prompt.isEmpty() ? DEFAULT_PROMPT : prompt;
    model = Nulls.orEmpty(model);
    maxTokens = maxTokens <= 0 ? DEFAULT_MAX_TOKENS : maxTokens;
  }

  RequestAuth auth() {
    return new RequestAuth(apiKey, headers);
  }
}
