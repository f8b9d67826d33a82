package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import java.util.Map;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads and writes values trees as YAML documents.
 *
 * <p>Strings that a reader would take for another type ({@code "8"}, {@code "true"}, {@code
 * "0x10"}, {@code ".inf"}, {@code "1_000"}) are written quoted: a string that came back as a number
 * would change the values, and so a plan's hash.
 */
public final class ValuesYaml {
  private static final TypeReference<Map<String, Object>> TREE = new TypeReference<>() {};

  /** The mapper behind {@link #parse} and {@link #write}, for documents that are not trees. */
  public static final ObjectMapper MAPPER =
      new ObjectMapper(
              YAMLFactory.builder()
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                  .stringQuotingChecker(new QuoteWhatReadsAsAnotherType())
                  // `key:` with nothing after it is null in YAML, as helm reads it; '' stays "".
                  .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL)
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
      throw new ValuesException(
          origin
              + ": "
              + e.getOriginalMessage()
              + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
    }
  }

  /**
   * The value (a tree, or any document of maps, lists and scalars) as YAML; {@code {}} when empty.
   */
  public static String write(Object tree) {
    try {
      return MAPPER.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new ValuesException("cannot write values as YAML: " + e.getOriginalMessage());
    }
  }

  /**
   * Quotes what the default quotes, and any string the reader would resolve to another type: the
   * reader decides with SnakeYAML's resolver, so the writer asks the same resolver.
   */
  private static final class QuoteWhatReadsAsAnotherType extends StringQuotingChecker.Default {
    private static final Resolver RESOLVER = new Resolver();

    @Override
    public boolean needToQuoteValue(String value) {
      return super.needToQuoteValue(value)
          || !Tag.STR.equals(RESOLVER.resolve(NodeId.scalar, value, true));
    }
  }
}
