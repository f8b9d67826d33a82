package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.GoFormat;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.ValuesException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * JSON exactly as Go's {@code encoding/json} writes it, because plan hashes are computed over these
 * bytes and must agree with plans written by the Go tools.
 *
 * <p>The rules reproduced: map keys sorted by their UTF-8 bytes; {@link Struct} fields in the order
 * they were added, with {@code omitempty} where asked, and a record's components in declaration
 * order, as a struct's; no whitespace ({@link #compact}) or {@code MarshalIndent(v, "", " ")}
 * layout ({@link #indented}); HTML-safe string escaping; integers plain; floats in the shortest
 * form that reads back to the same double, plain for {@code 1e-6 <= |x| < 1e21} and with an
 * exponent otherwise.
 */
public final class CanonicalJson {
  /** Go's order for map keys: by UTF-8 bytes, which is the order of Unicode code points. */
  public static final Comparator<String> KEY_ORDER = GoFormat.KEY_ORDER;

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private static final boolean[] ASCII_AS_IS = asciiAsIs();

  /** Above this many keys a map's members are sorted by merge sort rather than by insertion. */
  private static final int INSERTION_SORT_LIMIT = 24;

  private CanonicalJson() {}

  /** An object whose fields keep the order they were added in, as a Go struct's do. */
  public static final class Struct {
    private final List<Map.Entry<String, Object>> fields = new ArrayList<>();

    /** Adds a field that is always written (a plain {@code json:"name"} tag). */
    public Struct field(String name, Object value) {
      fields.add(new SimpleImmutableEntry<>(name, value));
      return this;
    }

    /** Adds a field that is left out when empty (a {@code json:"name,omitempty"} tag). */
    public Struct omitEmpty(String name, Object value) {
      return isEmpty(value) ? this : field(name, value);
    }

    List<Map.Entry<String, Object>> fields() {
      return Collections.unmodifiableList(fields);
    }
  }

  /** Each record class's accessors, in declaration order, looked up once. */
  private static final ClassValue<List<Method>> ACCESSORS =
      new ClassValue<>() {
        @Override
        protected List<Method> computeValue(Class<?> type) {
          return Arrays.stream(type.getRecordComponents())
              .map(RecordComponent::getAccessor)
              .toList();
        }
      };

  /**
   * A record's components as a struct's fields, in declaration order and always written: what Go
   * writes for a struct whose fields carry plain {@code json} tags.
   */
  private static List<Map.Entry<String, Object>> componentsOf(Record record) {
    List<Map.Entry<String, Object>> fields = new ArrayList<>();
    for (Method accessor : ACCESSORS.get(record.getClass())) {
      try {
        fields.add(new SimpleImmutableEntry<>(accessor.getName(), accessor.invoke(record)));
      } catch (ReflectiveOperationException e) {
        throw new PlanException(
            "cannot read %s of a %s: %s"
                .formatted(accessor.getName(), record.getClass().getSimpleName(), e),
            e);
      }
    }
    return fields;
  }

  /** A new, empty struct. */
  public static Struct struct() {
    return new Struct();
  }

  /** The value as Go's {@code json.Marshal} writes it. */
  public static String compact(Object value) {
    return compact(value, 16);
  }

  /**
   * As {@link #compact(Object)}, into a buffer first sized for {@code expectedLength} characters: a
   * plan's hash payload, a few kilobytes, would otherwise be copied on its way up from 16.
   */
  static String compact(Object value, int expectedLength) {
    StringBuilder out = new StringBuilder(expectedLength);
    new Writer(out, null, true).value(value, 0);
    return out.toString();
  }

  /**
   * The compact form of a frozen tree, written without looking up the texts of the frozen trees
   * inside it: only the outermost frozen tree a walk meets keeps its text.
   */
  private static String compactOfFrozen(Object frozen) {
    StringBuilder out = new StringBuilder();
    new Writer(out, null, false).value(frozen, 0);
    return out.toString();
  }

  /** The value as Go's {@code json.MarshalIndent(v, "", " ")} writes it (no trailing newline). */
  public static String indented(Object value) {
    // Sized for a plan (two to three kilobytes), which would otherwise be copied on its way up.
    StringBuilder out = new StringBuilder(4096);
    new Writer(out, "  ", false).value(value, 0);
    return out.toString();
  }

  /** Go's {@code omitempty} test: false, 0, "", null, and empty maps and lists are empty. */
  static boolean isEmpty(Object value) {
    if (value == null) {
      return true;
    }
    if (value instanceof String s) {
      return s.isEmpty();
    }
    if (value instanceof Boolean b) {
      return !b;
    }
    if (value instanceof Map<?, ?> m) {
      return m.isEmpty();
    }
    if (value instanceof List<?> l) {
      return l.isEmpty();
    }
    if (value instanceof BigInteger i) {
      return i.signum() == 0;
    }
    if (value instanceof Number n) {
      return n.doubleValue() == 0;
    }
    return false;
  }

  /** A JSON string literal with Go's escaping. */
  public static String quote(String s) {
    StringBuilder out = new StringBuilder(s.length() + 2);
    appendQuoted(out, s);
    return out.toString();
  }

  /**
   * A float as Go's encoding/json writes it ({@link GoFormat#jsonFloat}).
   *
   * @throws PlanException for NaN and the infinities, which JSON cannot hold
   */
  public static String formatFloat(double f) {
    try {
      return GoFormat.jsonFloat(f);
    } catch (ValuesException notFinite) {
      throw new PlanException(notFinite.getMessage(), notFinite);
    }
  }

  private static void appendQuoted(StringBuilder out, String s) {
    out.append('"');
    int verbatim = verbatimPrefix(s);
    if (verbatim == s.length()) {
      // Nearly every key and value of a plan: appended whole instead of code point by code point.
      out.append(s).append('"');
      return;
    }
    out.append(s, 0, verbatim);
    for (int i = verbatim; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      switch (cp) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '<', '>', '&', 0x2028, 0x2029 -> appendUnicodeEscape(out, cp);
        default -> {
          if (cp < 0x20) {
            appendUnicodeEscape(out, cp);
          } else if (Character.isSurrogate((char) cp) && cp <= 0xFFFF) {
            // A lone surrogate is not valid Unicode; Go writes invalid UTF-8 as U+FFFD.
            out.append("\\ufffd");
          } else {
            out.appendCodePoint(cp);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * How many characters from the start Go writes between the quotes as they are: up to the first
   * character that {@link #appendQuoted} escapes or replaces (a surrogate, even in a valid pair, is
   * left to the slow path).
   */
  private static int verbatimPrefix(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      boolean asIs =
          c < ASCII_AS_IS.length
              ? ASCII_AS_IS[c]
              : c != 0x2028 && c != 0x2029 && !Character.isSurrogate(c);
      if (!asIs) {
        return i;
      }
    }
    return n;
  }

  /** The ASCII characters Go writes in a string as they are: printable, not {@code " \ < > &}. */
  private static boolean[] asciiAsIs() {
    boolean[] asIs = new boolean[128];
    for (char c = 0x20; c < 128; c++) {
      asIs[c] = "\"\\<>&".indexOf(c) < 0;
    }
    return asIs;
  }

  private static void appendUnicodeEscape(StringBuilder out, int cp) {
    out.append("\\u")
        .append(HEX[(cp >> 12) & 0xF])
        .append(HEX[(cp >> 8) & 0xF])
        .append(HEX[(cp >> 4) & 0xF])
        .append(HEX[cp & 0xF]);
  }

  /**
   * Writes one value; {@code indent} null means compact. {@code frozenTexts}: a frozen map or list
   * (a catalog variant's values, shared by every plan composed from it) is written once and its
   * text kept with it ({@link Tree#frozenText}), which is most of a plan hash's payload.
   */
  private record Writer(StringBuilder out, String indent, boolean frozenTexts) {
    private static final Function<Object, String> COMPACT_OF_FROZEN =
        CanonicalJson::compactOfFrozen;

    void value(Object value, int depth) {
      if (value == null) {
        out.append("null");
      } else if (value instanceof String s) {
        appendQuoted(out, s);
      } else if (value instanceof Boolean b) {
        out.append(b);
      } else if (value instanceof Long l) {
        out.append(l.longValue());
      } else if (value instanceof Integer
          || value instanceof Short
          || value instanceof Byte
          || value instanceof BigInteger) {
        out.append(value);
      } else if (value instanceof Float f) {
        // Go never holds a float32 here; write the float the user wrote, not its widened bits.
        out.append(formatFloat(Double.parseDouble(Float.toString(f))));
      } else if (value instanceof Number n) {
        out.append(formatFloat(n.doubleValue()));
      } else if (frozenTexts && Tree.isFrozen(value)) {
        out.append(Tree.frozenText(value, COMPACT_OF_FROZEN));
      } else if (value instanceof Struct s) {
        object(s.fields(), depth);
      } else if (value instanceof Record r) {
        object(componentsOf(r), depth);
      } else if (value instanceof Map<?, ?> m) {
        map(m, depth);
      } else if (value instanceof List<?> l) {
        array(l, depth);
      } else if (value instanceof Object[] a) {
        array(List.of(a), depth);
      } else {
        throw new PlanException(
            "cannot encode a " + value.getClass().getSimpleName() + " as JSON: " + value);
      }
    }

    private void object(List<Map.Entry<String, Object>> fields, int depth) {
      out.append('{');
      for (int i = 0; i < fields.size(); i++) {
        member(i, fields.get(i).getKey(), fields.get(i).getValue(), depth);
      }
      close('}', !fields.isEmpty(), depth);
    }

    /** A map's members sorted by key, without an entry object per member. */
    private void map(Map<?, ?> map, int depth) {
      SortedMembers members = SortedMembers.of(map);
      out.append('{');
      for (int i = 0; i < members.size(); i++) {
        member(i, members.key(i), members.value(i), depth);
      }
      close('}', members.size() > 0, depth);
    }

    private void member(int index, String key, Object value, int depth) {
      if (index > 0) {
        out.append(',');
      }
      newline(depth + 1);
      appendQuoted(out, key);
      out.append(indent == null ? ":" : ": ");
      value(value, depth + 1);
    }

    private void close(char bracket, boolean any, int depth) {
      if (any) {
        newline(depth);
      }
      out.append(bracket);
    }

    private void array(List<?> items, int depth) {
      out.append('[');
      int index = 0;
      for (Object item : items) {
        if (index++ > 0) {
          out.append(',');
        }
        newline(depth + 1);
        value(item, depth + 1);
      }
      close(']', index > 0, depth);
    }

    private void newline(int depth) {
      if (indent != null) {
        out.append('\n');
        for (int i = 0; i < depth; i++) {
          out.append(indent);
        }
      }
    }
  }

  /**
   * A map's keys, as strings, and values in two arrays sorted together by key: what writing a map
   * needs, without an entry object per member or a comparator chain per comparison.
   */
  private static final class SortedMembers implements BiConsumer<Object, Object> {
    private final String[] keys;
    private final Object[] values;
    private int size;

    private SortedMembers(int capacity) {
      keys = new String[capacity];
      values = new Object[capacity];
    }

    static SortedMembers of(Map<?, ?> map) {
      SortedMembers members = new SortedMembers(map.size());
      map.forEach(members);
      members.sort();
      return members;
    }

    @Override
    public void accept(Object key, Object value) {
      keys[size] = String.valueOf(key);
      values[size] = value;
      size++;
    }

    int size() {
      return size;
    }

    String key(int index) {
      return keys[index];
    }

    Object value(int index) {
      return values[index];
    }

    /** An insertion sort: maps in a plan hold a few keys, and most arrive nearly sorted. */
    private void sort() {
      if (size > INSERTION_SORT_LIMIT) {
        sortLarge();
        return;
      }
      for (int i = 1; i < size; i++) {
        String key = keys[i];
        Object value = values[i];
        int j = i - 1;
        while (j >= 0 && KEY_ORDER.compare(keys[j], key) > 0) {
          keys[j + 1] = keys[j];
          values[j + 1] = values[j];
          j--;
        }
        keys[j + 1] = key;
        values[j + 1] = value;
      }
    }

    private void sortLarge() {
      Integer[] order = new Integer[size];
      Arrays.setAll(order, i -> i);
      Arrays.sort(order, (a, b) -> KEY_ORDER.compare(keys[a], keys[b]));
      String[] sortedKeys = new String[size];
      Object[] sortedValues = new Object[size];
      for (int i = 0; i < size; i++) {
        sortedKeys[i] = keys[order[i]];
        sortedValues[i] = values[order[i]];
      }
      System.arraycopy(sortedKeys, 0, keys, 0, size);
      System.arraycopy(sortedValues, 0, values, 0, size);
    }
  }
}
