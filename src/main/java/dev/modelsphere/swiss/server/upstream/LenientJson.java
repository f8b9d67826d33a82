package dev.modelsphere.swiss.server.upstream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.util.List;

/**
 * Another service's answer read as far as it goes: a body that is not JSON, or not the shape
 * expected, reads as missing rather than failing, so a check reports what it found.
 */
final class LenientJson {
  private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

  private LenientJson() {}

  /** The document in {@code body}; a missing node when there is none or it does not parse. */
  static JsonNode read(byte[] body) {
    try {
      JsonNode doc = MAPPER.readTree(body);
      return doc == null ? MissingNode.getInstance() : doc;
    } catch (IOException e) {
      return MissingNode.getInstance();
    }
  }

  /** The elements of an array; nothing for anything else (iterating an object gives its values). */
  static Iterable<JsonNode> elements(JsonNode node) {
    return node.isArray() ? node : List.of();
  }

  /** The field when it is a string; empty otherwise. */
  static String string(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isTextual() ? value.asText() : "";
  }

  /** {@code value} as JSON text, to send to another service. */
  static String text(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UpstreamException("cannot write the request: %s".formatted(e.getMessage()));
    }
  }

  static ObjectMapper mapper() {
    return MAPPER;
  }
}
