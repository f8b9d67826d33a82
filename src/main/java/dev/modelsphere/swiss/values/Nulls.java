package dev.modelsphere.swiss.values;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The one null policy of swiss's records: what a document leaves out reads as empty, never as null.
 * A key missing from a YAML or JSON document and a key present with an empty value mean the same
 * thing to the reference (Go's zero values), so records normalise both at construction and callers
 * never test for null.
 */
public final class Nulls {
  private Nulls() {}

  /** {@code ""} for null; the text otherwise, untouched. */
  public static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** {@code fallback} when {@code s} is null, empty or only spaces (an unset default). */
  public static String or(String s, String fallback) {
    return s == null || s.isBlank() ? fallback : s;
  }

  /** An unmodifiable copy without null items: a bare {@code -} in a YAML list names nothing. */
  public static <T> List<T> withoutNullItems(List<T> list) {
    return list == null ? List.of() : list.stream().filter(Objects::nonNull).toList();
  }

  /** An unmodifiable copy in which a null item (a bare {@code -} in YAML) becomes {@code blank}. */
  public static <T> List<T> nullItemsAs(List<T> list, T blank) {
    return list == null ? List.of() : list.stream().map(x -> x == null ? blank : x).toList();
  }

  /** An unmodifiable, order-keeping copy; empty for null. */
  public static <V> Map<String, V> map(Map<String, V> map) {
    return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
