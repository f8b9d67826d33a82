package dev.modelsphere.swiss.values;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/** Operations on values trees: copy, helm merge, dotted paths. */
public final class Tree {
  private Tree() {}

  /** A new, empty, insertion-ordered tree. */
  public static Map<String, Object> empty() {
    return new LinkedHashMap<>();
  }

  /** How a copy treats the maps and lists it meets. */
  private enum Kind {
    /** Every map and list is new and changeable. */
    DEEP,
    /** Frozen ones are shared; the others are new and changeable. */
    SHARING,
    /** Frozen ones are shared; the others are new and frozen. */
    FROZEN
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
    return copy(tree, scalar, Kind.DEEP);
  }

  /**
   * A copy to change through {@link #set}, {@link #merge} and {@link #remove} only, which shares
   * the maps and lists that are already frozen ({@link #frozen}) rather than copying them: those
   * three copy a shared map before changing it. For a catalog variant's values, most of which a
   * plan takes unchanged.
   */
  public static Map<String, Object> sharingCopy(Map<String, ?> tree) {
    return copy(tree, UnaryOperator.identity(), Kind.SHARING);
  }

  private static Map<String, Object> copy(Map<?, ?> tree, UnaryOperator<Object> scalar, Kind kind) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (tree != null) {
      tree.forEach((k, v) -> out.put(String.valueOf(k), copyValue(v, scalar, kind)));
    }
    return out;
  }

  /**
   * A deep copy that cannot be changed at any depth, keeping key order and explicit nulls: for
   * trees handed out by records that must stay as they were read (a catalog variant's values). Maps
   * and lists that are already frozen are shared, not copied: nothing can change them.
   */
  public static Map<String, Object> frozen(Map<?, ?> tree) {
    if (Frozen.isFrozen(tree)) {
      @SuppressWarnings("unchecked")
      Map<String, Object> shared = (Map<String, Object>) tree;
      return shared;
    }
    return Frozen.map(copy(tree, UnaryOperator.identity(), Kind.FROZEN));
  }

  /** True for a map or list of a {@link #frozen} tree: nothing can change it, at any depth. */
  public static boolean isFrozen(Object value) {
    return Frozen.isFrozen(value);
  }

  /**
   * What {@code writer} makes of a frozen map or list ({@link #isFrozen}), kept with the tree from
   * the second time it is asked: the tree cannot change, so neither can the text. For an encoding
   * asked of the same shared trees again and again (the plan hash's canonical JSON of a catalog
   * variant's values), while a tree asked once (one plan's own layers) keeps nothing. One text is
   * kept per tree, the last writer's, so {@code writer} should be a constant, not a new lambda per
   * call.
   *
   * @throws IllegalArgumentException when the value is not frozen
   */
  public static String frozenText(Object frozen, Function<Object, String> writer) {
    return Frozen.text(frozen, writer);
  }

  private static Object copyValue(Object value) {
    return copyValue(value, UnaryOperator.identity(), Kind.DEEP);
  }

  private static Object copyValue(Object value, UnaryOperator<Object> scalar, Kind kind) {
    if (kind != Kind.DEEP && Frozen.isFrozen(value)) {
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = copy(map, scalar, kind);
      return kind == Kind.FROZEN ? Frozen.map(out) : out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(item -> out.add(copyValue(item, scalar, kind)));
      return kind == Kind.FROZEN ? Frozen.list(out) : out;
    }
    return scalar.apply(value);
  }

  /**
   * Merges {@code src} into {@code dst} with helm's values-file rules: maps merge key by key,
   * anything else (a scalar, a list, an explicit null) replaces what was there. Maps taken from
   * {@code src} are copied, never aliased; a frozen map in {@code dst} is replaced by a changeable
   * copy before anything merges into it.
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
        merge(writableChild(dst, e.getKey(), exMap), (Map<String, ?>) inMap);
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

  /**
   * The same tree as {@link #merged(List)} gives, to read only: a map or list that one layer alone
   * decides is that layer's own object, not a copy, and only maps two layers both fill are new. For
   * reading the merge of large layers that do not change meanwhile (a plan's hash), where the
   * copies cost more than the reading; never change the result or anything in it.
   */
  public static Map<String, Object> mergedForReading(List<? extends Map<String, ?>> layers) {
    return mergedMaps(layers);
  }

  /**
   * The maps merged in order. A key only one map has keeps that map's value as it is; the values of
   * a key that several have are settled by {@link #mergedValue}.
   */
  private static Map<String, Object> mergedMaps(List<? extends Map<?, ?>> maps) {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, List<Object>> shared = new LinkedHashMap<>();
    for (Map<?, ?> map : maps) {
      map.forEach(
          (k, v) -> {
            String key = String.valueOf(k);
            if (!out.containsKey(key)) {
              out.put(key, v);
            } else {
              shared.computeIfAbsent(key, first -> listOf(out.get(first))).add(v);
            }
          });
    }
    shared.forEach((key, values) -> out.put(key, mergedValue(values)));
    return out;
  }

  private static List<Object> listOf(Object first) {
    List<Object> values = new ArrayList<>(4);
    values.add(first);
    return values;
  }

  /**
   * What {@link #merge} leaves at a key given these values, in layer order: the last value, unless
   * it is a map; then the merge of the maps that end the list ({@link #lastMaps}).
   */
  private static Object mergedValue(List<Object> values) {
    List<Map<?, ?>> maps = lastMaps(values);
    if (maps.isEmpty()) {
      return values.get(values.size() - 1);
    }
    return maps.size() == 1 ? maps.get(0) : mergedMaps(maps);
  }

  /**
   * The maps at the end of the values, back to the first value that is not a map (which replaced
   * everything before it); empty when the last value is not a map.
   */
  private static List<Map<?, ?>> lastMaps(List<?> values) {
    int first = values.size();
    while (first > 0 && values.get(first - 1) instanceof Map<?, ?>) {
      first--;
    }
    List<Map<?, ?>> maps = new ArrayList<>(values.size() - first);
    for (Object value : values.subList(first, values.size())) {
      maps.add((Map<?, ?>) value);
    }
    return maps;
  }

  /**
   * True when {@code merged(layers)} would hold the path, even as an explicit null, found without
   * merging: at each step only the maps that would merge there are looked into.
   */
  public static boolean hasMerged(List<? extends Map<String, ?>> layers, String path) {
    return !valuesAt(layers, path).isEmpty();
  }

  /**
   * What {@code merged(layers)} would hold at the path, found as {@link #hasMerged} finds it: one
   * value read from a plan's layers without copying them all. A map in the answer may be a layer's
   * own: read it, never change it.
   */
  public static Lookup getMerged(List<? extends Map<String, ?>> layers, String path) {
    List<Object> values = valuesAt(layers, path);
    return values.isEmpty() ? Lookup.ABSENT : Lookup.of(mergedValue(values));
  }

  /** The values the layers hold at the path, in layer order, of those the merge would look at. */
  private static List<Object> valuesAt(List<? extends Map<String, ?>> layers, String path) {
    List<Object> values = new ArrayList<>(layers);
    for (String segment : segments(path)) {
      List<Object> next = new ArrayList<>();
      for (Map<?, ?> map : lastMaps(values)) {
        if (map.containsKey(segment)) {
          next.add(map.get(segment));
        }
      }
      if (next.isEmpty()) {
        return next;
      }
      values = next;
    }
    return values;
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
   * on the way rather than silently dropping it. A frozen map on the way is replaced by a
   * changeable copy first, so a tree that shares parts of a frozen one can be changed.
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
      current = writableChild(current, parts[i], (Map<?, ?>) next);
    }
    current.put(parts[parts.length - 1], value);
  }

  /**
   * The map {@code child} found at {@code key} in {@code parent}, ready to be changed: one shared
   * from a frozen tree is first replaced in the parent by a copy of its top level (what lies below
   * stays shared until it is changed in turn), so a change never reaches the frozen tree.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> writableChild(
      Map<String, Object> parent, String key, Map<?, ?> child) {
    if (!Frozen.isFrozen(child)) {
      return (Map<String, Object>) child;
    }
    Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) child);
    parent.put(key, copy);
    return copy;
  }

  /**
   * Removes the value at the path, if there is one; a frozen map on the way is replaced by a
   * changeable copy first, as {@link #set} does.
   */
  public static void remove(Map<String, Object> tree, String path) {
    String[] parts = segments(path);
    Map<String, Object> current = tree;
    for (int i = 0; i < parts.length - 1; i++) {
      if (!(current.get(parts[i]) instanceof Map<?, ?> next)) {
        return;
      }
      current = writableChild(current, parts[i], next);
    }
    current.remove(parts[parts.length - 1]);
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

  /**
   * The path cut at every dot, empty segments kept, as {@code path.split("\\.", -1)} cuts it: by
   * hand, because every set and get cuts a path and split() builds a list to trim on the way.
   */
  private static String[] segments(String path) {
    int count = 1;
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '.') {
        count++;
      }
    }
    String[] out = new String[count];
    int start = 0;
    int next = 0;
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '.') {
        out[next++] = path.substring(start, i);
        start = i + 1;
      }
    }
    out[next] = path.substring(start);
    return out;
  }
}
