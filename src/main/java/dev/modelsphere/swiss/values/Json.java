package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * JSON documents swiss reads (the catalog index, stored plans), decoded with the same strictness
 * and the same error wording as {@link Yaml}. A JSON tree keeps no lines, so errors name key paths
 * only; a syntax error still names its line.
 */
public final class Json {
  private Json() {}

  /**
   * A document read into a type strictly: unknown keys, values of the wrong type and anything after
   * the document are refused, naming the key path.
   *
   * @param origin names the document in errors; empty when the caller names it itself
   * @throws ValuesException for an empty document too
   */
  public static <T> T read(String origin, byte[] json, Class<T> type) {
    JsonNode tree = parse(origin, json);
    if (tree.isMissingNode()) {
      throw new ValuesException(YamlProblem.withOrigin(origin, "the document is empty"));
    }
    try {
      return Mappers.STRICT.treeToValue(tree, type);
    } catch (JsonProcessingException e) {
      throw new ValuesException(
          YamlProblem.withOrigin(origin, YamlProblem.describe(e, tree, path -> 0)), e);
    }
  }

  /**
   * A document whose root is an object, as a values tree (maps, lists, strings, booleans, {@code
   * Long}s, {@code Double}s, nulls); an empty document is an empty tree.
   */
  public static Map<String, Object> tree(String origin, String json) {
    JsonNode tree = parse(origin, json.getBytes(StandardCharsets.UTF_8));
    if (tree.isMissingNode()) {
      return Tree.empty();
    }
    if (!tree.isObject()) {
      throw new ValuesException(
          YamlProblem.withOrigin(origin, "expected an object of keys to values at the top"));
    }
    return NodeValues.mapping(tree);
  }

  /** The document's tree; {@link MissingNode} when there is nothing in it. */
  private static JsonNode parse(String origin, byte[] json) {
    try {
      JsonNode tree = Mappers.STRICT.readTree(json);
      return tree == null ? MissingNode.getInstance() : tree;
    } catch (JsonProcessingException e) {
      String problem = YamlProblem.describe(e, MissingNode.getInstance(), path -> 0);
      throw new ValuesException(YamlProblem.withOrigin(origin, problem), e);
    } catch (IOException e) {
      throw new ValuesException(YamlProblem.withOrigin(origin, e.getMessage()), e);
    }
  }
}
