package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.modelsphere.swiss.values.YamlProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Strict YAML decoding of a profile, with errors that name the key. */
final class ProfileYaml {
  private static final ObjectMapper MAPPER =
      YAMLMapper.builder(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .build();

  private ProfileYaml() {}

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new ProfileException(
          file
              + ": cannot read the site profile: "
              + (e instanceof NoSuchFileException ? "no such file" : e.toString()),
          e);
    }
  }

  static Profile decode(String yaml, String origin) {
    if (yaml == null || yaml.isBlank()) {
      return new Profile(
          null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }
    try {
      Profile profile = MAPPER.readValue(yaml, Profile.class);
      return profile == null ? decode("", origin) : profile;
    } catch (JsonProcessingException e) {
      throw new ProfileException(origin + ": " + YamlProblem.describe(e), e);
    }
  }
}
