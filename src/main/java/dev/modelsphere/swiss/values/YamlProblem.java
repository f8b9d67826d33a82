package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * Says what is wrong with a document in the document's own terms: the key path ({@code
 * variants[0].requires.gpus}), the line when it is known, what was expected and what was given, and
 * for an unknown key the keys allowed there. Never the Java classes it is read into. One wording
 * for every YAML and JSON document swiss reads: values, site profiles, the config, catalog files,
 * plans.
 */
final class YamlProblem {
  private YamlProblem() {}

  /** The problem prefixed with the document it is in; an empty origin leaves that to the caller. */
  static String withOrigin(String origin, String problem) {
    return origin == null || origin.isEmpty() ? problem : "%s: %s".formatted(origin, problem);
  }

  /** A problem at a place: {@code "<path> (line <n>): <problem>"}, leaving out what is unknown. */
  static String at(String path, int line, String problem) {
    String lineText = line > 0 ? "line " + line : "";
    String where =
        path.isEmpty() || lineText.isEmpty()
            ? path + lineText
            : "%s (%s)".formatted(path, lineText);
    return where.isEmpty() ? problem : "%s: %s".formatted(where, problem);
  }

  /** Keys and list indexes as one path: {@code route.auth.header}, {@code sites[1].url}. */
  static String dotted(List<Object> path) {
    StringBuilder out = new StringBuilder();
    for (Object step : path) {
      if (step instanceof Integer index) {
        out.append('[').append(index).append(']');
      } else {
        out.append(out.isEmpty() ? "" : ".").append(step);
      }
    }
    return out.toString();
  }

  /**
   * A decoding error.
   *
   * @param document the tree that was being decoded, to say what the offending value was
   * @param lineOf the line of a path in the document's text, 0 when unknown
   */
  static String describe(
      JsonProcessingException e, JsonNode document, ToIntFunction<List<Object>> lineOf) {
    if (!(e instanceof JsonMappingException mapping)) {
      JsonLocation at = e.getLocation();
      return at(
          "", at == null ? 0 : Math.max(at.getLineNr(), 0), firstLine(e.getOriginalMessage()));
    }
    List<Object> path = steps(mapping);
    String where = path.isEmpty() ? "the document" : dotted(path);
    return at(where, lineOf.applyAsInt(path), problem(mapping, valueAt(document, path)));
  }

  private static String problem(JsonMappingException e, JsonNode given) {
    if (e instanceof UnrecognizedPropertyException unknown) {
      return "unknown key, expected one of: " + knownKeys(unknown);
    }
    String message = firstLine(e.getOriginalMessage());
    // Jackson's own wording names Java types; a custom reader's message is meant for people.
    boolean jacksonWording = message.startsWith("Cannot ");
    if (jacksonWording && e instanceof MismatchedInputException m && m.getTargetType() != null) {
      return "expected %s, got %s".formatted(expected(m.getTargetType()), given(given));
    }
    return message;
  }

  private static String knownKeys(UnrecognizedPropertyException e) {
    if (e.getKnownPropertyIds() == null) {
      return "the documented keys";
    }
    return e.getKnownPropertyIds().stream()
        .map(String::valueOf)
        .sorted()
        .collect(Collectors.joining(", "));
  }

  private static String expected(Class<?> type) {
    if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
      return "an integer";
    }
    if (type == double.class || type == Double.class || type == float.class) {
      return "a number";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == String.class) {
      return "a string";
    }
    if (type == Duration.class) {
      return "a duration such as 60s";
    }
    if (Collection.class.isAssignableFrom(type)) {
      return "a list";
    }
    boolean plainMapping = Map.class.isAssignableFrom(type) || type.isRecord();
    return plainMapping ? "a mapping" : "a mapping (%s)".formatted(type.getSimpleName());
  }

  private static String given(JsonNode value) {
    if (value == null || value.isMissingNode()) {
      return "nothing";
    }
    if (value.isTextual()) {
      return "the string " + value;
    }
    if (value.isNumber()) {
      return "the number " + value;
    }
    if (value.isObject()) {
      return "a mapping";
    }
    if (value.isArray()) {
      return "a list";
    }
    return value.toString();
  }

  private static JsonNode valueAt(JsonNode document, List<Object> path) {
    JsonNode at = document;
    for (Object step : path) {
      at = step instanceof Integer index ? at.path(index) : at.path((String) step);
    }
    return at;
  }

  /** The keys and list indexes of the error's path. */
  private static List<Object> steps(JsonMappingException e) {
    return e.getPath().stream()
        .map(r -> r.getFieldName() != null ? (Object) r.getFieldName() : (Object) r.getIndex())
        .toList();
  }

  private static String firstLine(String message) {
    return message == null ? "" : message.strip().lines().findFirst().orElse("");
  }
}
