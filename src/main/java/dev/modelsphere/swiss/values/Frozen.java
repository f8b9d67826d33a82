package dev.modelsphere.swiss.values;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The maps and lists of a {@link Tree#frozen} tree. Only Tree makes them, and only from fresh
 * copies whose every map and list is frozen too, so nothing can change one at any depth: a tree
 * that holds one may share it where it would otherwise have copied it.
 */
final class Frozen {
  private Frozen() {}

  /** True for a map or list that is frozen at every depth. */
  static boolean isFrozen(Object value) {
    return value instanceof FrozenMap || value instanceof FrozenList;
  }

  static Map<String, Object> map(Map<String, Object> freshCopy) {
    return new FrozenMap(freshCopy);
  }

  static List<Object> list(List<Object> freshCopy) {
    return new FrozenList(freshCopy);
  }

  /** Insertion-ordered, read-only; changing methods throw UnsupportedOperationException. */
  private static final class FrozenMap extends AbstractMap<String, Object> {
    private final Map<String, Object> entries;

    FrozenMap(Map<String, Object> entries) {
      this.entries = Collections.unmodifiableMap(entries);
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
      return entries.entrySet();
    }

    @Override
    public Object get(Object key) {
      return entries.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return entries.containsKey(key);
    }

    @Override
    public int size() {
      return entries.size();
    }

    // Walks the entries without the read-only wrapper around each that entrySet() adds.
    @Override
    public void forEach(BiConsumer<? super String, ? super Object> action) {
      entries.forEach(action);
    }
  }

  /** Read-only; changing methods throw UnsupportedOperationException. */
  private static final class FrozenList extends AbstractList<Object> implements RandomAccess {
    private final List<Object> items;

    FrozenList(List<Object> items) {
      this.items = items;
    }

    @Override
    public Object get(int index) {
      return items.get(index);
    }

    @Override
    public int size() {
      return items.size();
    }

    @Override
    public void forEach(Consumer<? super Object> action) {
      items.forEach(action);
    }
  }
}
