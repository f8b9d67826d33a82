package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** Strict YAML decoding of a profile, with errors that name the key and the line. */
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
      throw new ProfileException(file + ": cannot read the site profile: " + e, e);
    }
  }

  static Profile decode(String yaml, String origin) {
    if (yaml == null || yaml.isBlank()) {
      return new Profile(null, null, null, null, null, null, null, null, null, null, null, null,
          null, null, null);
    }
    try {
      Profile profile = MAPPER.readValue(yaml, Profile.class);
      return profile == null ? decode("", origin) : profile;
    } catch (JsonProcessingException e) {
      throw new ProfileException(origin + ": " + describe(e), e);
    }
  }

  /**
   * Names the key path of a mapping error. Its line is left out: records are built only after
   * their whole mapping is read, so Jackson's position is past the offending key. Syntax errors
   * have a true position and keep their line.
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

  /** The dotted key path of a mapping error, {@code sites[1].url}. */
  private static String path(JsonMappingException e) {
    return e.getPath().stream()
        .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining())
        .replaceFirst("^\\.", "");
  }
}
