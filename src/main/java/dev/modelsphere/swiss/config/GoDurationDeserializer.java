package dev.modelsphere.swiss.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.time.Duration;

/**
 * Reads a {@link GoDuration} string. A bare number is refused rather than guessed at: Go would read
 * {@code 60} as sixty nanoseconds.
 */
final class GoDurationDeserializer extends StdDeserializer<Duration> {
  GoDurationDeserializer() {
    super(Duration.class);
  }

  @Override
  public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
    if (p.currentToken() != JsonToken.VALUE_STRING) {
      return ctxt.reportInputMismatch(this, "a duration needs a unit, e.g. 60s, 1m30s or 24h");
    }
    try {
      return GoDuration.parse(p.getText());
    } catch (IllegalArgumentException e) {
      return ctxt.reportInputMismatch(this, e.getMessage());
    }
  }
}
