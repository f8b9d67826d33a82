package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.util.stream.Collectors;

/**
 * The JSON and YAML readers for catalog documents. Both refuse unknown fields: a misspelt key in a
 * published file must fail loudly rather than be ignored.
 */
final class StrictMappers {
  static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .build();

  static final ObjectMapper YAML =
      YAMLMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .build();

  private StrictMappers() {}

  static <T> T read(ObjectMapper mapper, byte[] bytes, Class<T> type) {
    try {
      T value = mapper.readValue(bytes, type);
      if (value == null) {
        throw new CatalogException("the document is empty");
      }
      return value;
    } catch (JsonProcessingException e) {
      throw new CatalogException(describe(e), e);
    } catch (IOException e) {
      throw new CatalogException(e.getMessage(), e);
    }
  }

  /** A decoder error as one line: what was wrong, where in the document, and the line. */
  private static String describe(JsonProcessingException e) {
    StringBuilder out = new StringBuilder();
    if (e instanceof MismatchedInputException && e.getOriginalMessage().startsWith("No content")) {
      return "the document is empty";
    }
    if (e instanceof UnrecognizedPropertyException unknown) {
      out.append("unknown field \"").append(unknown.getPropertyName()).append('"');
      appendPath(out, unknown);
      appendLine(out, e);
      out.append(" -- the format allows only ").append(knownFields(unknown));
      return out.toString();
    } else {
      // YAML syntax errors span several lines, with a caret drawing; one line reads better.
      out.append(e.getOriginalMessage().strip().replaceAll("\\s*\\n\\s*", " "));
    }
    if (e instanceof JsonMappingException bad) {
      appendPath(out, bad);
    }
    appendLine(out, e);
    return out.toString();
  }

  private static void appendPath(StringBuilder out, JsonMappingException e) {
    String at = path(e);
    if (!at.isEmpty()) {
      out.append(" at ").append(at);
    }
  }

  private static void appendLine(StringBuilder out, JsonProcessingException e) {
    if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
      out.append(" (line ").append(e.getLocation().getLineNr()).append(')');
    }
  }

  private static String knownFields(UnrecognizedPropertyException e) {
    if (e.getKnownPropertyIds() == null) {
      return "the documented fields";
    }
    return e.getKnownPropertyIds().stream()
        .map(String::valueOf)
        .sorted()
        .collect(Collectors.joining(", "));
  }

  /** The path of the object that holds the failing field, e.g. {@code variants[0].requires}. */
  private static String path(JsonMappingException e) {
    var refs = e.getPath();
    int end = e instanceof UnrecognizedPropertyException ? refs.size() - 1 : refs.size();
    StringBuilder out = new StringBuilder();
    for (JsonMappingException.Reference ref : refs.subList(0, Math.max(end, 0))) {
      if (ref.getIndex() >= 0) {
        out.append('[').append(ref.getIndex()).append(']');
      } else if (ref.getFieldName() != null) {
        out.append(out.isEmpty() ? "" : ".").append(ref.getFieldName());
      }
    }
    return out.toString();
  }
}
