package dev.modelsphere.swiss.config;

import java.util.List;
import java.util.Objects;

/** Null and empty handling shared by the config records. */
final class Nulls {
  private Nulls() {}

  static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** {@code fallback} when {@code s} is null, empty or blank; {@code s} otherwise. */
  static String or(String s, String fallback) {
    return s == null || s.isBlank() ? fallback : s;
  }

  /** A copy without null items: a bare {@code -} in a YAML list names nothing. */
  static List<String> list(List<String> l) {
    return l == null ? List.of() : l.stream().filter(Objects::nonNull).toList();
  }
}
