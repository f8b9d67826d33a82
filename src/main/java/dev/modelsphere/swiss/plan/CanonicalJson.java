package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.GoFormat;
import dev.modelsphere.swiss.values.ValuesException;
import java.math.BigInteger;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * JSON exactly as Go's {@code encoding/json} writes it, because plan hashes are computed over these
 * bytes and must agree with plans written by the Go tools.
 *
 * <p>The rules reproduced: map keys sorted by their UTF-8 bytes; {@link Struct} fields in the order
 * they were added, with {@code omitempty} where asked; no whitespace ({@link #compact}) or {@code
 * MarshalIndent(v, "", " ")} layout ({@link #indented}); HTML-safe string escaping; integers plain;
 * floats in the shortest form that reads back to the same double, plain for {@code 1e-6 <= |x| <
 * 1e21} and with an exponent otherwise.
 */
public final class CanonicalJson {
  /** Go's order for map keys: by UTF-8 bytes, which is the order of Unicode code points. */
  public static final Comparator<String> KEY_ORDER = GoFormat.KEY_ORDER;

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private static final Comparator<Map.Entry<String, Object>> BY_KEY =
      Map.Entry.comparingByKey(KEY_ORDER);

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

  /** A new, empty struct. */
  public static Struct struct() {
    return new Struct();
  }

  /** The value as Go's {@code json.Marshal} writes it. */
  public static String compact(Object value) {
    StringBuilder out = new StringBuilder();
    new Writer(out, null).value(value, 0);
    return out.toString();
  }

  /** The value as Go's {@code json.MarshalIndent(v, "", " ")} writes it (no trailing newline). */
  public static String indented(Object value) {
    StringBuilder out = new StringBuilder();
    new Writer(out, "  ").value(value, 0);
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
    if (isVerbatim(s)) {
      // Nearly every key and value of a plan: appended whole instead of code point by code point.
      out.append(s).append('"');
      return;
    }
    for (int i = 0; i < s.length(); ) {
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
   * True when Go writes the string between its quotes as it is: no character that {@link
   * #appendQuoted} escapes or replaces (a surrogate, even in a valid pair, is left to the slow
   * path).
   */
  private static boolean isVerbatim(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20
          || c == '"'
          || c == '\\'
          || c == '<'
          || c == '>'
          || c == '&'
          || c == 0x2028
          || c == 0x2029
          || Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static void appendUnicodeEscape(StringBuilder out, int cp) {
    out.append("\\u")
        .append(HEX[(cp >> 12) & 0xF])
        .append(HEX[(cp >> 8) & 0xF])
        .append(HEX[(cp >> 4) & 0xF])
        .append(HEX[cp & 0xF]);
  }

  /** Writes one value; {@code indent} null means compact. */
  private record Writer(StringBuilder out, String indent) {
    void value(Object value, int depth) {
      if (value == null) {
        out.append("null");
      } else if (value instanceof String s) {
        appendQuoted(out, s);
      } else if (value instanceof Boolean b) {
        out.append(b);
      } else if (value instanceof Long
          || value instanceof Integer
          || value instanceof Short
          || value instanceof Byte
          || value instanceof BigInteger) {
        out.append(value);
      } else if (value instanceof Float f) {
        // Go never holds a float32 here; write the float the user wrote, not its widened bits.
        out.append(formatFloat(Double.parseDouble(Float.toString(f))));
      } else if (value instanceof Number n) {
        out.append(formatFloat(n.doubleValue()));
      } else if (value instanceof Struct s) {
        object(s.fields(), depth);
      } else if (value instanceof Map<?, ?> m) {
        object(sortedEntries(m), depth);
      } else if (value instanceof List<?> l) {
        array(l, depth);
      } else if (value instanceof Object[] a) {
        array(List.of(a), depth);
      } else {
        throw new PlanException(
            "cannot encode a " + value.getClass().getSimpleName() + " as JSON: " + value);
      }
    }

    private static List<Map.Entry<String, Object>> sortedEntries(Map<?, ?> map) {
      List<Map.Entry<String, Object>> entries = new ArrayList<>(map.size());
      map.forEach((k, v) -> entries.add(new SimpleImmutableEntry<>(String.valueOf(k), v)));
      entries.sort(BY_KEY);
      return entries;
    }

    private void object(List<Map.Entry<String, Object>> fields, int depth) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<String, Object> field : fields) {
        if (!first) {
          out.append(',');
        }
        first = false;
        newline(depth + 1);
        appendQuoted(out, field.getKey());
        out.append(indent == null ? ":" : ": ");
        value(field.getValue(), depth + 1);
      }
      if (!fields.isEmpty()) {
        newline(depth);
      }
      out.append('}');
    }

    private void array(List<?> items, int depth) {
      out.append('[');
      boolean first = true;
      for (Object item : items) {
        if (!first) {
          out.append(',');
        }
        first = false;
        newline(depth + 1);
        value(item, depth + 1);
      }
      if (!items.isEmpty()) {
        newline(depth);
      }
      out.append(']');
    }

    private void newline(int depth) {
      if (indent != null) {
        out.append('\n').append(indent.repeat(depth));
      }
    }
  }
}
