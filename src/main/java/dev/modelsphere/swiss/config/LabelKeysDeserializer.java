package dev.modelsphere.swiss.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** One node label key, or a list of them: both forms are accepted for convenience. */
final class LabelKeysDeserializer extends StdDeserializer<List<String>> {
  LabelKeysDeserializer() {
    super(List.class);
  }

  @Override
  public List<String> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_STRING) {
      return List.of(p.getText());
    }
    if (p.currentToken() != JsonToken.START_ARRAY) {
      return fail(p, ctxt);
    }
    List<String> keys = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() != JsonToken.VALUE_STRING) {
        return fail(p, ctxt);
      }
      keys.add(p.getText());
    }
    return List.copyOf(keys);
  }

  private List<String> fail(JsonParser p, DeserializationContext ctxt) throws IOException {
    return ctxt.reportInputMismatch(this, "expected a node label key or a list of label keys");
  }
}
