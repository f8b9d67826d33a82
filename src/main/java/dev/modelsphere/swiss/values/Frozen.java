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
import java.util.function.Function;

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

  /**
   * What {@code writer} makes of a frozen map or list, kept with it from the second time it is
   * asked: nothing can change what it was made from, and a tree asked once (one plan's own layers)
   * need not carry its text for as long as it lives. One writer's text is kept; another writer's
   * takes its place.
   */
  static String text(Object frozen, Function<Object, String> writer) {
    if (!(frozen instanceof HoldsText holder)) {
      throw new IllegalArgumentException("not a frozen map or list: " + frozen);
    }
    // Racing threads may each make the text; they make the same text from the same tree.
    Text kept = holder.text();
    if (kept != null && kept.writer() == writer && kept.text() != null) {
      return kept.text();
    }
    String made = writer.apply(frozen);
    boolean askedBefore = kept != null && kept.writer() == writer;
    holder.text(new Text(writer, askedBefore ? made : null));
    return made;
  }

  /**
   * The text one writer made of a frozen map or list; null text: asked once, not kept. Immutable,
   * so safe to publish without a lock.
   */
  private record Text(Function<Object, String> writer, String text) {}

  /** Where a frozen map or list keeps the one text made of it. */
  private interface HoldsText {
    Text text();

    void text(Text text);
  }

  /** Insertion-ordered, read-only; changing methods throw UnsupportedOperationException. */
  private static final class FrozenMap extends AbstractMap<String, Object> implements HoldsText {
    private final Map<String, Object> entries;
    private Text text;

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

    @Override
    public Text text() {
      return text;
    }

    @Override
    public void text(Text made) {
      text = made;
    }
  }

  /** Read-only; changing methods throw UnsupportedOperationException. */
  private static final class FrozenList extends AbstractList<Object>
      implements RandomAccess, HoldsText {
    private final List<Object> items;
    private Text text;

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

    @Override
    public Text text() {
      return text;
    }

    @Override
    public void text(Text made) {
      text = made;
    }
  }
}
