package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes YAML laid out as yaml.v3 lays it out, so the files swiss writes read like the reference's:
 *
 * <ul>
 *   <li>map keys sorted by code point, as Go sorts map keys; a record's fields in declared order,
 *       as Go keeps a struct's;
 *   <li>four spaces per level; a list under a key indented too ({@code key:\n - a}); a mapping or
 *       list inside a list item starts on the dash's line, two columns in ({@code - name: x\n ns:
 *       y}), and what nests below it moves on to the next multiple of four;
 *   <li>no {@code ---}; {@code {}} and {@code []} for empty ones;
 *   <li>floats as Go writes them ({@link GoFormat#yamlFloat}: {@code 1e+21}); strings as {@link
 *       ScalarText} writes them.
 * </ul>
 */
final class YamlWriter {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int INDENT = 4;

  private final StringBuilder out = new StringBuilder();

  private YamlWriter() {}

  static String write(Object value) {
    YamlWriter writer = new YamlWriter();
    writer.document(node(value));
    return writer.out.toString();
  }

  private void document(JsonNode root) {
    if (root.isObject() && !root.isEmpty()) {
      mapping(root, 0, false);
    } else if (root.isArray() && !root.isEmpty()) {
      sequence(root, 0, false);
    } else {
      scalar(root, INDENT);
    }
  }

  /**
   * A block mapping with keys at {@code indent}; {@code onDashLine}: the first key follows "- ".
   */
  private void mapping(JsonNode mapping, int indent, boolean onDashLine) {
    Iterator<Map.Entry<String, JsonNode>> fields = mapping.fields();
    boolean first = true;
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      if (!(first && onDashLine)) {
        out.append(" ".repeat(indent));
      }
      first = false;
      out.append(ScalarText.lines(field.getKey(), true).get(0)).append(':');
      JsonNode value = field.getValue();
      int nested = nextLevel(indent);
      if (value.isObject() && !value.isEmpty()) {
        out.append('\n');
        mapping(value, nested, false);
      } else if (value.isArray() && !value.isEmpty()) {
        out.append('\n');
        sequence(value, nested, false);
      } else {
        out.append(' ');
        scalar(value, nested);
      }
    }
  }

  /** A block sequence with dashes at {@code indent}. */
  private void sequence(JsonNode sequence, int indent, boolean onDashLine) {
    boolean first = true;
    for (JsonNode item : sequence) {
      if (!(first && onDashLine)) {
        out.append(" ".repeat(indent));
      }
      first = false;
      out.append("- ");
      // What an item holds starts right after its dash.
      int inside = indent + 2;
      if (item.isObject() && !item.isEmpty()) {
        mapping(item, inside, true);
      } else if (item.isArray() && !item.isEmpty()) {
        sequence(item, inside, true);
      } else {
        scalar(item, inside);
      }
    }
  }

  /** A scalar or an empty collection and its newline; a literal block's lines at {@code indent}. */
  private void scalar(JsonNode value, int indent) {
    List<String> lines = scalarLines(value);
    out.append(lines.get(0)).append('\n');
    for (String line : lines.subList(1, lines.size())) {
      out.append(line.isEmpty() ? "" : " ".repeat(indent)).append(line).append('\n');
    }
  }

  private static List<String> scalarLines(JsonNode value) {
    if (value.isTextual()) {
      return ScalarText.lines(value.textValue(), false);
    }
    if (value.isObject()) {
      return List.of("{}");
    }
    if (value.isArray()) {
      return List.of("[]");
    }
    if (value.isFloatingPointNumber()) {
      return List.of(GoFormat.yamlFloat(value.doubleValue()));
    }
    // Integers, booleans and null are written as JSON writes them. Their text, asked directly:
    // JsonNode.toString runs a whole Jackson writer for each.
    if (value.isIntegralNumber() || value.isBoolean() || value.isNull()) {
      return List.of(value.asText());
    }
    return List.of(value.toString());
  }

  /** yaml.v3 aligns every deeper level to the next multiple of four columns. */
  private static int nextLevel(int indent) {
    return INDENT * ((indent + INDENT) / INDENT);
  }

  /**
   * The value as a tree to lay out: maps sorted by key, numbers as the number types a values tree
   * holds, anything else (a record) through Jackson and its annotations.
   */
  private static JsonNode node(Object value) {
    if (value == null) {
      return NODES.nullNode();
    }
    if (value instanceof Map<?, ?> map) {
      return mapNode(map);
    }
    if (value instanceof Collection<?> items) {
      ArrayNode out = NODES.arrayNode();
      items.forEach(item -> out.add(node(item)));
      return out;
    }
    if (value instanceof String s) {
      return NODES.textNode(s);
    }
    if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    }
    if (value instanceof BigInteger i) {
      return NODES.numberNode(i);
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short) {
      return NODES.numberNode(((Number) value).longValue());
    }
    if (value instanceof Float f) {
      // A float the user wrote as 0.1 is written 0.1, not as the double its bits widen to.
      return NODES.numberNode(Double.parseDouble(f.toString()));
    }
    if (value instanceof Number n) {
      return NODES.numberNode(n.doubleValue());
    }
    return Mappers.RECORDS.valueToTree(value);
  }

  private static ObjectNode mapNode(Map<?, ?> map) {
    List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
    entries.sort((a, b) -> GoFormat.KEY_ORDER.compare(key(a), key(b)));
    ObjectNode out = NODES.objectNode();
    for (Map.Entry<?, ?> entry : entries) {
      out.set(key(entry), node(entry.getValue()));
    }
    return out;
  }

  private static String key(Map.Entry<?, ?> entry) {
    return String.valueOf(entry.getKey());
  }
}
