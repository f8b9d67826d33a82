package dev.modelsphere.swiss.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * YAML for plan files. Strings that a reader would take for a number ({@code "8"},
 * {@code "0x10"}, {@code ".inf"}, {@code "1_000"}) are quoted: a string that came back as a
 * number would change the values, and so the hash.
 */
final class PlanYaml {
  static final ObjectMapper MAPPER =
      new ObjectMapper(
              YAMLFactory.builder()
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                  .stringQuotingChecker(new QuoteNumberLikeStrings())
                  .build())
          .enable(DeserializationFeature.USE_LONG_FOR_INTS);

  private PlanYaml() {}

  /** The value as a YAML document. */
  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new PlanException("cannot write YAML: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Quotes what the default quotes, and any string the reader would resolve to another type:
   * the reader decides with SnakeYAML's resolver, so the writer asks the same resolver.
   */
  private static final class QuoteNumberLikeStrings extends StringQuotingChecker.Default {
    private static final Resolver RESOLVER = new Resolver();

    @Override
    public boolean needToQuoteValue(String value) {
      return super.needToQuoteValue(value)
          || !Tag.STR.equals(RESOLVER.resolve(NodeId.scalar, value, true));
    }
  }
}
