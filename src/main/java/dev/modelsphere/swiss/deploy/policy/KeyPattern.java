package dev.modelsphere.swiss.deploy.policy;

import java.util.List;

/**
 * A dotted values path with wildcards: {@code *} is any one segment, {@code **} any number of
 * segments, none included. A pattern covers the paths it matches and everything under them, so
 * {@code resources} covers {@code resources.limits.cpu}. List items are segments too, by index.
 */
record KeyPattern(String text, List<String> segments) {
  private static final String ONE = "*";
  private static final String ANY = "**";

  static KeyPattern of(String text) {
    return new KeyPattern(text, List.of(text.split("\\.")));
  }

  /** Whether {@code path} (its segments) is this pattern's or lies under it. */
  boolean covers(List<String> path) {
    return covers(0, path, 0);
  }

  private boolean covers(int p, List<String> path, int s) {
    if (p == segments.size()) {
      return true;
    }
    String segment = segments.get(p);
    if (segment.equals(ANY)) {
      // Zero segments, or one more and still under **.
      return covers(p + 1, path, s) || (s < path.size() && covers(p, path, s + 1));
    }
    if (s == path.size()) {
      return false;
    }
    return (segment.equals(ONE) || segment.equals(path.get(s))) && covers(p + 1, path, s + 1);
  }
}
