package dev.modelsphere.swiss.catalog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.semver4j.RangesList;
import org.semver4j.RangesListFactory;
import org.semver4j.Semver;

/**
 * A chart version constraint in helm's (Masterminds semver v3) syntax, evaluated with semver4j.
 *
 * <p>semver4j speaks npm ranges, which agree with Masterminds on the meaning of {@code ^ ~ x * -}
 * ranges, but it accepts anything (it reads {@code latest} or {@code >=banana} as "every version"),
 * silently drops a {@code ^}/{@code ~} comparator that shares an AND set with another one, and
 * reads a lone {@code x} as "nothing". So this class checks the Masterminds grammar itself, hands
 * semver4j one comparator at a time, and does the AND ({@code ' '} or {@code ','}) and OR ({@code
 * ||}) itself. The Masterminds-only spellings are translated: {@code =>}/{@code =<} become {@code
 * >=}/{@code <=}, {@code !=v} is the negation of {@code =v}, a {@code v} prefix is dropped, and a
 * wildcard major version ({@code *}, {@code x}) means any version.
 *
 * <p>Prereleases follow Masterminds v3.4: a prerelease version can satisfy an AND set only if a
 * comparator in that set names a prerelease; then versions are compared by plain precedence.
 */
final class ChartVersionRange {

  private static final String IDENTIFIERS = "[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*";
  private static final String PART = "(?:\\d+|[xX*])";
  private static final String VERSION =
      "v?"
          + PART
          + "(?:\\."
          + PART
          + ")?(?:\\."
          + PART
          + ")?"
          + "(?:-"
          + IDENTIFIERS
          + ")?(?:\\+"
          + IDENTIFIERS
          + ")?";
  // Two-character operators first, so ">=" is not read as ">" followed by "=1.2".
  private static final String OPERATOR = "!=|>=|=>|<=|=<|~>|>|<|=|~|\\^";
  private static final Pattern HYPHEN =
      Pattern.compile("\\s*(" + VERSION + ")\\s+-\\s+(" + VERSION + ")(?![0-9A-Za-z.+-])\\s*,?");
  private static final Pattern COMPARATOR =
      Pattern.compile("\\s*(" + OPERATOR + ")?\\s*(" + VERSION + ")(?![0-9A-Za-z.+-])\\s*,?");

  /** One AND set: every comparator must hold. */
  private record Conjunction(List<Predicate<Semver>> comparators, boolean namesPrerelease) {
    boolean allows(Semver version) {
      if (!version.getPreRelease().isEmpty() && !namesPrerelease) {
        return false;
      }
      return comparators.stream().allMatch(c -> c.test(version));
    }
  }

  private final List<Conjunction> alternatives;

  private ChartVersionRange(List<Conjunction> alternatives) {
    this.alternatives = List.copyOf(alternatives);
  }

  /**
   * Parses a constraint.
   *
   * @throws IllegalArgumentException naming the part that is not a version comparison
   */
  static ChartVersionRange parse(String text) {
    List<Conjunction> alternatives = new ArrayList<>();
    for (String alternative : text.split("\\|\\|", -1)) {
      alternatives.add(parseConjunction(alternative));
    }
    return new ChartVersionRange(alternatives);
  }

  boolean allows(Semver version) {
    return alternatives.stream().anyMatch(a -> a.allows(version));
  }

  private static Conjunction parseConjunction(String text) {
    if (text.isBlank()) {
      throw new IllegalArgumentException("an alternative between \"||\" is empty");
    }
    List<Predicate<Semver>> comparators = new ArrayList<>();
    boolean namesPrerelease = false;
    Matcher hyphen = HYPHEN.matcher(text);
    Matcher comparator = COMPARATOR.matcher(text);
    int at = 0;
    while (at < text.length() && !text.substring(at).isBlank()) {
      if (hyphen.region(at, text.length()).lookingAt()) {
        String from = withoutPrefix(hyphen.group(1));
        String to = withoutPrefix(hyphen.group(2));
        comparators.add(semver4j(from + " - " + to));
        namesPrerelease |= hasPrerelease(from) || hasPrerelease(to);
        at = hyphen.end();
      } else if (comparator.region(at, text.length()).lookingAt()) {
        String operator = comparator.group(1) == null ? "" : comparator.group(1);
        String version = withoutPrefix(comparator.group(2));
        comparators.add(comparison(operator, version));
        namesPrerelease |= hasPrerelease(version);
        at = comparator.end();
      } else {
        throw new IllegalArgumentException(
            "\"" + text.substring(at).trim() + "\" is not a version comparison");
      }
    }
    return new Conjunction(comparators, namesPrerelease);
  }

  private static Predicate<Semver> comparison(String operator, String version) {
    if (isWildcard(version.split("[.+-]", 2)[0])) {
      // Nothing is below, above or other than "any version"; every other operator means any.
      boolean none = operator.equals("<") || operator.equals(">") || operator.equals("!=");
      return v -> !none;
    }
    return switch (operator) {
      case "!=" -> semver4j("=" + version).negate();
      case "=>" -> semver4j(">=" + version);
      case "=<" -> semver4j("<=" + version);
      case "~>" -> semver4j("~" + version);
      default -> semver4j(operator + version);
    };
  }

  private static Predicate<Semver> semver4j(String comparison) {
    // includePrerelease=true: the prerelease rule is applied per AND set by Conjunction.
    RangesList ranges = RangesListFactory.create(comparison, true);
    if (ranges.get().isEmpty()) {
      throw new IllegalArgumentException("\"" + comparison + "\" is not a version comparison");
    }
    return ranges::isSatisfiedBy;
  }

  /**
   * The version as semver4j reads it: without a {@code v} prefix, and without leading zeros in the
   * major, minor and patch numbers, which Masterminds reads as plain integers ({@code 00.7.1} is
   * 0.7.1) where semver4j refuses them.
   */
  private static String withoutPrefix(String version) {
    String plain = version.startsWith("v") ? version.substring(1) : version;
    Matcher suffix = Pattern.compile("[-+]").matcher(plain);
    int end = suffix.find() ? suffix.start() : plain.length();
    String numbers =
        Arrays.stream(plain.substring(0, end).split("\\.", -1))
            .map(part -> part.replaceFirst("^0+(?=\\d)", ""))
            .collect(Collectors.joining("."));
    return numbers + plain.substring(end);
  }

  private static boolean isWildcard(String part) {
    return part.equals("*") || part.equalsIgnoreCase("x");
  }

  private static boolean hasPrerelease(String version) {
    int build = version.indexOf('+');
    String withoutBuild = build < 0 ? version : version.substring(0, build);
    return withoutBuild.contains("-");
  }
}
