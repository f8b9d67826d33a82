package dev.modelsphere.swiss.catalog;

import java.util.regex.Pattern;
import org.semver4j.RangesListFactory;
import org.semver4j.Semver;

/**
 * Accepts a strict semver or a range in helm's constraint syntax. semver4j reads any word as
 * "every version" (so {@code latest} would pass), hence each term must also start like a version.
 */
final class SemverChartSpecCheck implements ChartSpecCheck {
  private static final Pattern TERM_SEPARATOR = Pattern.compile("\\s*\\|\\|\\s*|[\\s,]+");
  private static final Pattern VERSION_TERM =
      Pattern.compile("(?:[<>]=?|=|!=|~>?|\\^)?v?(?:\\d+|[xX*])(?:[.\\-+].*)?");

  @Override
  public String problem(String spec) {
    String trimmed = spec == null ? "" : spec.trim();
    if (trimmed.isEmpty()) {
      return "no chart version";
    }
    if (Semver.isValid(trimmed) && !trimmed.startsWith("v")) {
      return null;
    }
    if (!everyTermLooksLikeAVersion(trimmed) || !isNonEmptyRange(trimmed)) {
      return "chart version \"" + trimmed + "\" is neither a version nor a range";
    }
    return null;
  }

  private static boolean everyTermLooksLikeAVersion(String spec) {
    for (String term : TERM_SEPARATOR.split(spec)) {
      if (!term.isEmpty() && !term.equals("-") && !VERSION_TERM.matcher(term).matches()) {
        return false;
      }
    }
    return true;
  }

  private static boolean isNonEmptyRange(String spec) {
    try {
      return !RangesListFactory.create(spec).get().isEmpty();
    } catch (RuntimeException e) {
      return false;
    }
  }
}
