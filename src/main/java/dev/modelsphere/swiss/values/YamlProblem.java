package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Says what is wrong with a YAML document in the terms of the document (its keys), not of the Java
 * classes it is read into.
 */
public final class YamlProblem {
  private YamlProblem() {}

  /**
   * The problem with its key path. A key's line is left out: records are built only after their
   * whole mapping is read, which puts Jackson's position past the offending key. Syntax errors have
   * a true position and keep their line.
   */
  public static String describe(JsonProcessingException e) {
    if (e instanceof UnrecognizedPropertyException u) {
      return "unknown key " + path(u);
    }
    if (e instanceof JsonMappingException m) {
      String problem = problem(m);
      return (m.getPath().isEmpty() ? "at the top" : path(m)) + ": " + problem;
    }
    JsonLocation at = e.getLocation();
    return firstLine(e)
        + (at == null || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ")");
  }

  private static String problem(JsonMappingException e) {
    String message = firstLine(e);
    boolean jacksonWording = message.startsWith("Cannot ");
    if (jacksonWording && e instanceof MismatchedInputException m && m.getTargetType() != null) {
      return "expected " + expected(m.getTargetType());
    }
    return message;
  }

  private static String expected(Class<?> type) {
    if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
      return "an integer";
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
    return "a mapping"
        + (Map.class.isAssignableFrom(type) || type.isRecord()
            ? ""
            : " (" + type.getSimpleName() + ")");
  }

  private static String firstLine(JsonProcessingException e) {
    return e.getOriginalMessage().lines().findFirst().orElse("");
  }

  /** The dotted key path of a mapping error, {@code route.auth.header} or {@code sites[1].url}. */
  private static String path(JsonMappingException e) {
    return e.getPath().stream()
        .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining())
        .replaceFirst("^\\.", "");
  }
}
