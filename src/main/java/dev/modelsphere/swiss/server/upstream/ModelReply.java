package dev.modelsphere.swiss.server.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What a model generated, read leniently out of whichever answer shape came back: an engine that
 * spells a field differently must not read as a failed check. Reasoning models put their output in
 * a separate channel and leave the answer empty when the token budget runs out mid-thought, so the
 * thinking channel is read too.
 *
 * @param text the answer; empty when there is none
 * @param reasoning the thinking channel; empty when there is none
 * @param finish why generation stopped ({@code finish_reason}, {@code stop_reason})
 */
record ModelReply(String text, String reasoning, String finish) {
  static final ModelReply NONE = new ModelReply("", "", "");

  boolean generated() {
    return !text.isEmpty() || !reasoning.isEmpty();
  }

  /** The reply in {@code raw}; {@link #NONE} when it holds none or is not JSON. */
  static ModelReply parse(ChatApi api, byte[] raw) {
    JsonNode doc = LenientJson.read(raw);
    if (api == ChatApi.MESSAGES) {
      Content content = Content.of(doc.path("content"));
      return new ModelReply(
          content.text(), content.thinking(), LenientJson.string(doc, "stop_reason"));
    }
    for (JsonNode choice : LenientJson.elements(doc.path("choices"))) {
      ModelReply reply = fromChoice(choice);
      if (!reply.equals(NONE)) {
        return reply;
      }
    }
    return NONE;
  }

  /** sglang and vLLM spell the thinking channel differently; either will do. */
  private static ModelReply fromChoice(JsonNode choice) {
    JsonNode message = choice.path("message");
    Content content = Content.of(message.path("content"));
    String text =
        content.text().isEmpty() ? LenientJson.string(choice, "text").strip() : content.text();
    String thinking = content.thinking();
    if (thinking.isEmpty()) {
      thinking = LenientJson.string(message, "reasoning_content").strip();
    }
    if (thinking.isEmpty()) {
      thinking = LenientJson.string(message, "reasoning").strip();
    }
    return new ModelReply(text, thinking, LenientJson.string(choice, "finish_reason"));
  }

  /** A content field: a string in one engine, a list of typed blocks in the next. */
  private record Content(String text, String thinking) {
    static Content of(JsonNode content) {
      if (content.isTextual()) {
        return new Content(content.asText().strip(), "");
      }
      List<String> text = new ArrayList<>();
      List<String> thinking = new ArrayList<>();
      for (JsonNode block : LenientJson.elements(content)) {
        String type = LenientJson.string(block, "type");
        String thought = LenientJson.string(block, "thinking");
        String said = LenientJson.string(block, "text");
        if (!thought.isEmpty()) {
          thinking.add(thought);
        } else if (type.equals("thinking") || type.equals("reasoning")) {
          thinking.add(said);
        } else if (!said.isEmpty()) {
          text.add(said);
        }
      }
      return new Content(String.join("", text).strip(), String.join("", thinking).strip());
    }
  }
}
