package dev.modelsphere.swiss.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The names closest to one that was mistyped, for a "did you mean" hint. */
final class NearestNames {
  /** More than this many edits apart, two names are different names, not a typo. */
  private static final int MOST_EDITS = 3;

  private static final int MOST_SUGGESTIONS = 3;

  private NearestNames() {}

  /**
   * The names within a few edits of {@code wanted}, or containing it (a name typed in part), the
   * closest first.
   */
  static List<String> to(String wanted, List<String> names) {
    String typed = wanted.toLowerCase(Locale.ROOT);
    return names.stream()
        .filter(
            name ->
                distance(typed, name.toLowerCase(Locale.ROOT)) <= MOST_EDITS
                    || (typed.length() >= 3 && name.toLowerCase(Locale.ROOT).contains(typed)))
        .sorted(Comparator.comparingInt(name -> distance(typed, name.toLowerCase(Locale.ROOT))))
        .limit(MOST_SUGGESTIONS)
        .toList();
  }

  /** Levenshtein distance: insertions, deletions and substitutions, each costing one. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
