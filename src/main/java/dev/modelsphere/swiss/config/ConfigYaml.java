package dev.modelsphere.swiss.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.stream.Collectors;

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
      throw new ConfigException(origin + ": " + describe(e), e);
    }
  }

  /**
   * Names the key path of a mapping error; its line is left out because records are built only
   * after their whole mapping is read, which puts Jackson's position past the offending key.
   */
  private static String describe(JsonProcessingException e) {
    String problem = e.getOriginalMessage().lines().findFirst().orElse("");
    if (e instanceof UnrecognizedPropertyException u) {
      return "unknown key " + path(u);
    }
    if (e instanceof JsonMappingException m) {
      return m.getPath().isEmpty() ? problem : path(m) + ": " + problem;
    }
    JsonLocation at = e.getLocation();
    return problem + (at == null || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ")");
  }

  private static String path(JsonMappingException e) {
    return e.getPath().stream()
        .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining())
        .replaceFirst("^\\.", "");
  }
}
