package dev.modelsphere.swiss.site;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Null-to-empty normalisation, so that records read from YAML never hand out nulls. */
final class Text {
  private Text() {}

  static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  static String trimmed(String s) {
    return s == null ? "" : s.strip();
  }

  static <V> Map<String, V> map(Map<String, V> m) {
    return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }

  /** A copy of the list in which a null item (a bare {@code -} in YAML) becomes {@code blank}. */
  static <T> List<T> list(List<T> l, T blank) {
    return l == null ? List.of() : l.stream().map(x -> x == null ? blank : x).toList();
  }

  static boolean isHttpUrl(String s) {
    return s.startsWith("http://") || s.startsWith("https://");
  }

  /** {@code ns/ref} for a bare name; a qualified or empty reference, or no namespace, unchanged. */
  static String qualify(String ref, String namespace) {
    if (ref.isEmpty() || namespace == null || namespace.isEmpty() || ref.contains("/")) {
      return ref;
    }
    return namespace + "/" + ref;
  }
}
