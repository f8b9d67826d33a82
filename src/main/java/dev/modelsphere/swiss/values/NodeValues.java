package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Jackson tree as a values tree of plain Java values: maps, lists, strings, booleans, nulls,
 * integers as {@code Long} ({@code BigInteger} beyond it, where Jackson's own conversion would
 * fail) and floats as {@code Double}.
 */
final class NodeValues {
  private NodeValues() {}

  /** The mapping as a fresh, insertion-ordered tree. */
  static Map<String, Object> mapping(JsonNode object) {
    Map<String, Object> out = Tree.empty();
    object.fields().forEachRemaining(field -> out.put(field.getKey(), value(field.getValue())));
    return out;
  }

  private static Object value(JsonNode node) {
    if (node.isObject()) {
      return mapping(node);
    }
    if (node.isArray()) {
      List<Object> out = new ArrayList<>(node.size());
      node.forEach(item -> out.add(value(item)));
      return out;
    }
    if (node.isTextual()) {
      return node.textValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isIntegralNumber()) {
      return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
    }
    if (node.isNumber()) {
      return node.doubleValue();
    }
    return null;
  }
}
