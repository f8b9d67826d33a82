package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * The one YAML reader for chart repository documents: {@code index.yaml} and {@code Chart.yaml}.
 */
final class ChartYaml {

  private static final ObjectMapper MAPPER =
      new ObjectMapper(YAMLFactory.builder().loaderOptions(unlimited()).build());

  private ChartYaml() {}

  /** The document as a tree; null for an empty document. */
  static JsonNode read(byte[] yaml) throws IOException {
    return MAPPER.readTree(yaml);
  }

  /**
   * SnakeYAML stops at 3 MB by default, and public repository indexes are larger. The HTTP body cap
   * already bounds what arrives, so the parser adds no limit of its own.
   */
  private static LoaderOptions unlimited() {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    return options;
  }
}
