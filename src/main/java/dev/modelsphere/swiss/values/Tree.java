package dev.modelsphere.swiss.values;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** Operations on values trees: copy, helm merge, dotted paths. */
public final class Tree {
  private Tree() {}

  /** A new, empty, insertion-ordered tree. */
  public static Map<String, Object> empty() {
    return new LinkedHashMap<>();
  }

  /** A deep copy: maps and lists are new objects, scalars are shared (they are immutable). */
  public static Map<String, Object> copy(Map<String, ?> tree) {
    return copy(tree, UnaryOperator.identity());
  }

  /**
   * A deep copy in which every scalar (anything that is not a map or a list, null included) is
   * replaced by what {@code scalar} makes of it: how trees read by another library (the API
   * server's JSON, a manifest) are brought to the house form of numbers. Keys become strings.
   */
  public static Map<String, Object> copy(Map<?, ?> tree, UnaryOperator<Object> scalar) {
    return copy(tree, scalar, false);
  }

  private static Map<String, Object> copy(
      Map<?, ?> tree, UnaryOperator<Object> scalar, boolean frozen) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (tree != null) {
      tree.forEach((k, v) -> out.put(String.valueOf(k), copyValue(v, scalar, frozen)));
    }
    return out;
  }

  /**
   * A deep copy that cannot be changed at any depth, keeping key order and explicit nulls: for
   * trees handed out by records that must stay as they were read (a catalog variant's values).
   */
  public static Map<String, Object> frozen(Map<?, ?> tree) {
    return Collections.unmodifiableMap(copy(tree, UnaryOperator.identity(), true));
  }

  private static Object copyValue(Object value) {
    return copyValue(value, UnaryOperator.identity(), false);
  }

  private static Object copyValue(Object value, UnaryOperator<Object> scalar, boolean frozen) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = copy(map, scalar, frozen);
      return frozen ? Collections.unmodifiableMap(out) : out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(item -> out.add(copyValue(item, scalar, frozen)));
      return frozen ? Collections.unmodifiableList(out) : out;
    }
    return scalar.apply(value);
  }

  /**
   * Merges {@code src} into {@code dst} with helm's values-file rules: maps merge key by key,
   * anything else (a scalar, a list, an explicit null) replaces what was there. Maps taken from
   * {@code src} are copied, never aliased.
   */
  @SuppressWarnings("unchecked")
  public static void merge(Map<String, Object> dst, Map<String, ?> src) {
    if (src == null) {
      return;
    }
    for (Map.Entry<String, ?> e : src.entrySet()) {
      Object incoming = e.getValue();
      Object existing = dst.get(e.getKey());
      if (incoming instanceof Map<?, ?> inMap && existing instanceof Map<?, ?> exMap) {
        merge((Map<String, Object>) exMap, (Map<String, ?>) inMap);
      } else {
        dst.put(e.getKey(), copyValue(incoming));
      }
    }
  }

  /** A fresh tree holding the given layers merged in order (later ones win). */
  @SafeVarargs
  public static Map<String, Object> merged(Map<String, ?>... layers) {
    return merged(List.of(layers));
  }

  /** A fresh tree holding the given layers merged in order (later ones win). */
  public static Map<String, Object> merged(List<? extends Map<String, ?>> layers) {
    Map<String, Object> out = empty();
    for (Map<String, ?> layer : layers) {
      merge(out, layer);
    }
    return out;
  }

  /** Walks the dotted path through maps. A missing segment, or a non-map on the way, is absent. */
  public static Lookup get(Map<String, ?> tree, String path) {
    Object current = tree;
    for (String segment : segments(path)) {
      if (!(current instanceof Map<?, ?> map) || !map.containsKey(segment)) {
        return Lookup.ABSENT;
      }
      current = map.get(segment);
    }
    return Lookup.of(current);
  }

  /** True when the path exists, even if its value is an explicit null. */
  public static boolean has(Map<String, ?> tree, String path) {
    return get(tree, path).present();
  }

  /**
   * Sets the value at the dotted path, creating intermediate maps. Refuses to overwrite a non-map
   * on the way rather than silently dropping it.
   */
  @SuppressWarnings("unchecked")
  public static void set(Map<String, Object> tree, String path, Object value) {
    String[] parts = segments(path);
    Map<String, Object> current = tree;
    for (int i = 0; i < parts.length - 1; i++) {
      Object next = current.get(parts[i]);
      if (next == null && !current.containsKey(parts[i])) {
        next = new LinkedHashMap<String, Object>();
        current.put(parts[i], next);
      }
      if (!(next instanceof Map<?, ?>)) {
        String prefix = String.join(".", List.of(parts).subList(0, i + 1));
        throw new ValuesException("cannot set \"" + path + "\": \"" + prefix + "\" is not a map");
      }
      current = (Map<String, Object>) next;
    }
    current.put(parts[parts.length - 1], value);
  }

  /** Removes the value at the path, if there is one. */
  @SuppressWarnings("unchecked")
  public static void remove(Map<String, Object> tree, String path) {
    String[] parts = segments(path);
    Object current = tree;
    for (int i = 0; i < parts.length - 1; i++) {
      if (!(current instanceof Map<?, ?> map)) {
        return;
      }
      current = map.get(parts[i]);
    }
    if (current instanceof Map<?, ?> map) {
      ((Map<String, Object>) map).remove(parts[parts.length - 1]);
    }
  }

  /**
   * Every path to a non-map value and every path to an empty map, sorted. The root is never a leaf.
   */
  public static List<String> leafPaths(Map<String, ?> tree) {
    List<String> out = paths(tree);
    out.sort(null);
    return out;
  }

  /** The same set as {@link #leafPaths}, in the tree's own order. */
  public static List<String> paths(Map<String, ?> tree) {
    List<String> out = new ArrayList<>();
    collectPaths(tree, "", out);
    return out;
  }

  private static void collectPaths(Map<String, ?> tree, String prefix, List<String> out) {
    for (Map.Entry<String, ?> e : tree.entrySet()) {
      String path = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
      if (e.getValue() instanceof Map<?, ?> child && !child.isEmpty()) {
        @SuppressWarnings("unchecked")
        Map<String, ?> typed = (Map<String, ?>) child;
        collectPaths(typed, path, out);
      } else {
        out.add(path);
      }
    }
  }

  /**
   * A new tree with only the given paths; missing paths and paths that cannot be set are skipped.
   */
  public static Map<String, Object> subtree(Map<String, ?> tree, Collection<String> paths) {
    Map<String, Object> out = empty();
    for (String path : paths) {
      Lookup found = get(tree, path);
      if (!found.present()) {
        continue;
      }
      try {
        set(out, path, copyValue(found.value()));
      } catch (ValuesException skipped) {
        // A path under one already copied as a scalar: the scalar stands.
      }
    }
    return out;
  }

  private static String[] segments(String path) {
    return path.split("\\.", -1);
  }
}
