package dev.modelsphere.swiss.plan;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The names a release may have: ones the charts can build every object name from. Charts name
 * objects {@code <release>-<chart>} (the demo's {@code granite-3-3-8b-vllm}), {@code
 * <fullname>-leader} under LeaderWorkerSet, and use the release itself as a Service's name when
 * told to; a Service's name is a DNS-1035 label, so a dot or an underscore in the release breaks
 * the install at the API server. So a release is a DNS-1123 label (lowercase letters, digits and
 * '-', starting and ending with a letter or digit) of at most {@value #MAX} characters: helm's own
 * limit, which leaves 10 characters for the suffixes charts add before the 63 a name may have; the
 * longest the charts swiss deploys add is 7 ({@code -sglang}, {@code -leader}).
 *
 * <p>A default name (the service id's or the catalog entry's) is made into one: anything else than
 * a label's characters becomes '-', so {@code granite-3.3-8b} is released as {@code
 * granite-3-3-8b}. A name someone chose is taken as it is or refused, never changed behind their
 * back.
 */
public final class ReleaseName {
  /** Helm's limit on a release name. */
  public static final int MAX = 53;

  /** The rule, as a refusal states it. */
  public static final String RULE =
      "a release name is at most "
          + MAX
          + " lowercase letters, digits and '-', starting and ending with a letter or digit"
          + " (a DNS-1123 label, so charts can name Services after it)";

  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern NOT_LABEL = Pattern.compile("[^-a-z0-9]");

  private ReleaseName() {}

  /**
   * The release a plan deploys: {@code chosen} when someone named one, else {@code fallback} made
   * into a name the charts can use.
   *
   * @throws PlanException when {@code chosen} breaks the rule, or nothing of {@code fallback} is
   *     left to name a release with
   */
  public static String of(String chosen, String fallback) {
    if (chosen != null && !chosen.isEmpty()) {
      return require(chosen);
    }
    String made = fromDefault(fallback == null ? "" : fallback);
    if (made.isEmpty()) {
      throw new PlanException(
          "no release name can be made from \"%s\": name the release (%s)"
              .formatted(fallback, RULE));
    }
    return made;
  }

  /** {@code name} as a release name: lowercase, '-' for every other character, within the limit. */
  public static String fromDefault(String name) {
    String dashed = NOT_LABEL.matcher(name.toLowerCase(Locale.ROOT)).replaceAll("-");
    String trimmed = trimDashes(dashed);
    return trimDashes(trimmed.substring(0, Math.min(MAX, trimmed.length())));
  }

  /** Whether the charts can build their names from {@code name}. */
  public static boolean usable(String name) {
    return name.length() <= MAX && LABEL.matcher(name).matches();
  }

  private static String require(String name) {
    if (!usable(name)) {
      String instead = fromDefault(name);
      throw new PlanException(
          "release name \"%s\" breaks the release name rule: %s%s"
              .formatted(name, RULE, instead.isEmpty() ? "" : "; try \"" + instead + "\""));
    }
    return name;
  }

  private static String trimDashes(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && s.charAt(start) == '-') {
      start++;
    }
    while (end > start && s.charAt(end - 1) == '-') {
      end--;
    }
    return s.substring(start, end);
  }
}
