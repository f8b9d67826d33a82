package dev.modelsphere.swiss.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Null and empty handling shared by the config records. */
final class Values {
  private Values() {}

  static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** {@code fallback} when {@code s} is null, empty or blank; {@code s} otherwise. */
  static String or(String s, String fallback) {
    return s == null || s.isBlank() ? fallback : s;
  }

  static List<String> list(List<String> l) {
    return l == null ? List.of() : List.copyOf(l);
  }

  static <V> Map<String, V> map(Map<String, V> m) {
    return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }
}
