package dev.modelsphere.swiss.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.modelsphere.swiss.values.YamlProblem;

/** Strict YAML decoding of the config document, with errors that name the key. */
final class ConfigYaml {

  /** The keys of the document; the file's path ({@code origin}) is not one of them. */
  record Document(String catalog, Cluster cluster, Server server, CanaryKeys canary) {}

  private static final ObjectMapper MAPPER =
      YAMLMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .build();

  private ConfigYaml() {}

  static Document decode(String yaml, String origin) {
    try {
      Document doc = yaml.isBlank() ? null : MAPPER.readValue(yaml, Document.class);
      return doc == null ? new Document(null, null, null, null) : doc;
    } catch (JsonProcessingException e) {
      throw new ConfigException(origin + ": " + YamlProblem.describe(e), e);
    }
  }
}
