package dev.modelsphere.swiss.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Deep read-only copies of values trees, keeping key order and explicit nulls. */
final class ReadOnly {
  private ReadOnly() {}

  static Map<String, Object> tree(Map<String, ?> tree) {
    Map<String, Object> out = new LinkedHashMap<>();
    tree.forEach((k, v) -> out.put(k, value(v)));
    return Collections.unmodifiableMap(out);
  }

  private static Object value(Object v) {
    if (v instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, item) -> out.put(String.valueOf(k), value(item)));
      return Collections.unmodifiableMap(out);
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(item -> out.add(value(item)));
      return Collections.unmodifiableList(out);
    }
    return v;
  }
}
