package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.Map;

/** Reads and writes values trees as YAML documents. */
public final class ValuesYaml {
  private static final TypeReference<Map<String, Object>> TREE = new TypeReference<>() {};
  private static final ObjectMapper MAPPER =
      new ObjectMapper(
              YAMLFactory.builder()
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                  .build())
          .enable(DeserializationFeature.USE_LONG_FOR_INTS);

  private ValuesYaml() {}

  /**
   * Parses a YAML document whose root is a mapping. An empty document is an empty tree.
   *
   * @param origin names the document in errors (a file, a form field)
   */
  public static Map<String, Object> parse(String origin, String yaml) {
    if (yaml == null || yaml.isBlank()) {
      return Tree.empty();
    }
    try {
      Object root = MAPPER.readValue(yaml, Object.class);
      if (root == null) {
        return Tree.empty();
      }
      if (!(root instanceof Map<?, ?>)) {
        throw new ValuesException(origin + ": expected a mapping of keys to values at the top");
      }
      return MAPPER.convertValue(root, TREE);
    } catch (JsonProcessingException e) {
      throw new ValuesException(origin + ": " + e.getOriginalMessage()
          + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
    }
  }

  /** The tree as a YAML document; an empty tree is {@code {}}. */
  public static String write(Map<String, ?> tree) {
    try {
      return MAPPER.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new ValuesException("cannot write values as YAML: " + e.getOriginalMessage());
    }
  }
}
