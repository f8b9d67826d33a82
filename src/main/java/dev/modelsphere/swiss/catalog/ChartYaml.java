package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;

/** The YAML reader for chart repository documents (index.yaml, Chart.yaml). */
final class ChartYaml {

  /**
   * SnakeYAML stops at 3 MB by default; public repository indexes are often larger, so the limit
   * follows the HTTP body cap instead.
   */
  static final ObjectMapper MAPPER =
      new ObjectMapper(YAMLFactory.builder().loaderOptions(loaderOptions()).build());

  private ChartYaml() {}

  private static LoaderOptions loaderOptions() {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(RepoHttp.MAX_BODY);
    return options;
  }
}
