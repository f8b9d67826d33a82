package dev.modelsphere.swiss.helm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns the helm SDK's error text into errors that say what went wrong. */
final class HelmErrors {

  // helm reports schema failures as lines like "- at '/modelRoute': additional properties 'x' not
  // allowed"
  private static final Pattern AT_POINTER = Pattern.compile("at '(/?[^']*)'");
  private static final Pattern ADDITIONAL =
      Pattern.compile("additional propert(?:y|ies) ((?:'[^']+'(?:, )?)+) (?:is|are)? ?not allowed");
  private static final Pattern QUOTED = Pattern.compile("'([^']+)'");

  private HelmErrors() {}

  /**
   * {@code e} as {@code failures} classify it, or as the chart's schema refusing the values. Helm
   * joins its schema failures into one text (no type survives it), so that one is still read off
   * the words.
   */
  static HelmException translate(HelmFailures failures, String chart, HelmLibraryError e) {
    String message = e.getMessage();
    if (e.kind() == HelmLibraryError.Kind.FAILED
        && message.contains("values don't meet the specifications of the schema")) {
      return new SchemaViolation(schemaChart(message, chart), schemaPaths(message), message);
    }
    return failures.of(e);
  }

  /**
   * The chart helm names above its schema failures (a parent or a subchart), else {@code fallback}.
   */
  static String schemaChart(String message, String fallback) {
    String[] lines = message.split("\n");
    for (int i = 0; i < lines.length - 1; i++) {
      String line = lines[i].strip();
      if (line.endsWith(":") && !line.startsWith("-") && lines[i + 1].strip().startsWith("- at")) {
        return line.substring(0, line.length() - 1);
      }
    }
    return fallback;
  }

  /** Dotted values paths named by a helm schema failure, in the order helm reported them. */
  static List<String> schemaPaths(String message) {
    LinkedHashSet<String> paths = new LinkedHashSet<>();
    for (String line : message.split("\n")) {
      Matcher at = AT_POINTER.matcher(line);
      if (!at.find()) {
        continue;
      }
      String base = dotted(at.group(1));
      Matcher additional = ADDITIONAL.matcher(line);
      if (additional.find()) {
        Matcher names = QUOTED.matcher(additional.group(1));
        while (names.find()) {
          paths.add(base.isEmpty() ? names.group(1) : base + "." + names.group(1));
        }
      } else {
        paths.add(base.isEmpty() ? "(top level)" : base);
      }
    }
    return new ArrayList<>(paths);
  }

  /**
   * JSON pointer {@code /a/b/0} to values path {@code a.b.0}, unescaping {@code ~1} and {@code ~0}.
   */
  private static String dotted(String pointer) {
    List<String> parts = new ArrayList<>();
    for (String token : pointer.split("/")) {
      if (!token.isEmpty()) {
        parts.add(token.replace("~1", "/").replace("~0", "~"));
      }
    }
    return String.join(".", parts);
  }
}
