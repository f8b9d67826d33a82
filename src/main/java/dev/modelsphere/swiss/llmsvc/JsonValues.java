package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.values.JsonMappers;
import dev.modelsphere.swiss.values.Tree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Values trees as the API server hands them back, turned into the house form: a deep copy made
 * through JSON, integers as {@code Long}, and whole numbers written as floats ({@code 3.0}) read as
 * the integers they were. JSON does not tell {@code 3} from {@code 3.0}, and neither does the API
 * server (it stores both as {@code 3}) nor the plan hash; reading them back as integers keeps the
 * values what the plan said.
 */
final class JsonValues {
  private static final ObjectMapper JSON = JsonMappers.LONG_INTEGERS;
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
      return Tree.copy(read, JsonValues::wholeAsLong);
    } catch (IOException e) {
      // Trees read from the API server are JSON already; this needs a hand-made tree with NaN.
      throw new UncheckedIOException("values cannot be written as JSON: " + e.getMessage(), e);
    }
  }

  private static Object wholeAsLong(Object value) {
    return value instanceof Double d && isWhole(d) ? (Object) d.longValue() : value;
  }

  private static boolean isWhole(double d) {
    // -0.0 is kept: it hashes as "-0", and 0 as "0".
    return d == Math.rint(d)
        && Math.abs(d) <= EXACT_LIMIT
        && !(d == 0 && Double.doubleToRawLongBits(d) != 0);
  }
}
