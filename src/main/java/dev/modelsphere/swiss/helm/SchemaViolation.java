package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;
import java.util.List;

/**
 * The chart's values.schema.json refused the values. {@link #paths()} names every offending values
 * path in dotted form ({@code modelRoute.bogus}), so callers can point at the exact key.
 */
public final class SchemaViolation extends HelmException {

  private final String chart;
  private final List<String> paths;

  public SchemaViolation(String chart, List<String> paths, String helmMessage) {
    super(ErrorKind.INVALID, describe(chart, paths, helmMessage));
    this.chart = chart;
    this.paths = List.copyOf(paths);
  }

  public String chart() {
    return chart;
  }

  public List<String> paths() {
    return paths;
  }

  private static String describe(String chart, List<String> paths, String helmMessage) {
    String where = paths.isEmpty() ? "" : " at " + String.join(", ", paths);
    return "chart "
        + chart
        + " refuses the plan's values"
        + where
        + ": fix the value in the plan (or the catalog entry that sets it)\n"
        + helmMessage.strip();
  }
}
