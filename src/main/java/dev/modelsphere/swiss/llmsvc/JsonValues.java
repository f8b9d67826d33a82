package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values trees as the API server hands them back, turned into the house form: a deep copy made
 * through JSON, integers as {@code Long}, and whole numbers written as floats ({@code 3.0}) read as
 * the integers they were. JSON does not tell {@code 3} from {@code 3.0}, and neither does the API
 * server (it stores both as {@code 3}) nor the plan hash; reading them back as integers keeps the
 * values what the plan said.
 */
final class JsonValues {
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_LONG_FOR_INTS).build();
  private static final TypeReference<LinkedHashMap<String, Object>> TREE = new TypeReference<>() {};

  /** Doubles beyond this lose integer precision, so a whole one there is left a float. */
  private static final double EXACT_LIMIT = 0x1p53;

  private JsonValues() {}

  /** A fresh copy of the tree in house form; null for null. */
  static Map<String, Object> copy(Map<String, Object> tree) {
    if (tree == null) {
      return null;
    }
    try {
      Map<String, Object> read = JSON.readValue(JSON.writeValueAsBytes(tree), TREE);
      return normalizedMap(read);
    } catch (IOException e) {
      // Trees read from the API server are JSON already; this needs a hand-made tree with NaN.
      throw new UncheckedIOException("values cannot be written as JSON: " + e.getMessage(), e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Object normalized(Object value) {
    if (value instanceof Map<?, ?> map) {
      return normalizedMap((Map<String, Object>) map);
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(item -> out.add(normalized(item)));
      return out;
    }
    if (value instanceof Double d && isWhole(d)) {
      return d.longValue();
    }
    return value;
  }

  private static Map<String, Object> normalizedMap(Map<String, Object> map) {
    Map<String, Object> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k, normalized(v)));
    return out;
  }

  private static boolean isWhole(double d) {
    // -0.0 is kept: it hashes as "-0", and 0 as "0".
    return d == Math.rint(d)
        && Math.abs(d) <= EXACT_LIMIT
        && !(d == 0 && Double.doubleToRawLongBits(d) != 0);
  }
}
