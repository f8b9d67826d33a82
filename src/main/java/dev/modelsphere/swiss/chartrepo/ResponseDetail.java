package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What a failed response says, in one line worth quoting to an operator. */
final class ResponseDetail {

  private static final int MAX_LENGTH = 200;
  private static final ObjectMapper JSON = JsonMappers.PLAIN;

  private ResponseDetail() {}

  /**
   * An OCI error document's errors as {@code CODE: message; ...}, or else a body that is already
   * one short line of text (not an HTML page); empty when the body says nothing quotable.
   */
  static Optional<String> of(byte[] body) {
    return ociErrors(body).or(() -> shortLine(body));
  }

  private static Optional<String> ociErrors(byte[] body) {
    JsonNode errors;
    try {
      errors = JSON.readTree(body).path("errors");
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    for (JsonNode error : errors) {
      String code = error.path("code").asText("");
      String message = error.path("message").asText("");
      parts.add(code.isEmpty() ? message : message.isEmpty() ? code : code + ": " + message);
    }
    parts.removeIf(String::isEmpty);
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
  }

  private static Optional<String> shortLine(byte[] body) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(body))
              .toString()
              .strip();
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
    boolean oneShortLine =
        !text.isEmpty()
            && text.length() <= MAX_LENGTH
            && !text.startsWith("<")
            && text.indexOf('\n') < 0
            && text.indexOf('\r') < 0;
    return oneShortLine ? Optional.of(text) : Optional.empty();
  }
}
