package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.values.Yaml;
import java.nio.charset.StandardCharsets;

/**
 * The one YAML reader for chart repository documents: {@code index.yaml} and {@code Chart.yaml},
 * read through swiss's one YAML reader as helm reads them. Its size bound is far above the HTTP
 * body cap, which is what bounds an index.
 */
final class ChartYaml {

  private ChartYaml() {}

  /**
   * The document as a tree; a missing node for an empty document.
   *
   * @throws dev.modelsphere.swiss.values.ValuesException when it is not YAML
   */
  static JsonNode read(byte[] yaml) {
    return Yaml.kubernetesDocument("", new String(yaml, StandardCharsets.UTF_8));
  }
}
