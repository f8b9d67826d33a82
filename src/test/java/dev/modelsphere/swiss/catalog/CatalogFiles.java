package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a small one-model catalog to a directory: the given version files plus an index whose
 * digests agree with them, so each test can publish exactly the document it is about.
 */
final class CatalogFiles {
  static final String MODEL = "tiny";

  private final Path dir;
  private final Map<String, Object> metadata = new LinkedHashMap<>();
  private final Map<String, String> versions = new LinkedHashMap<>();
  private String latest;

  private CatalogFiles(Path dir) {
    this.dir = dir;
    metadata.put("displayName", "Tiny (from the index)");
    metadata.put("family", "tiny");
    metadata.put("tags", List.of("chat"));
    metadata.put("source", Map.of("hf", "example/Tiny"));
  }

  static CatalogFiles in(Path dir) {
    return new CatalogFiles(dir);
  }

  /** Publishes a version file as given; the first one published is the latest unless set. */
  CatalogFiles version(String version, String yaml) {
    versions.put(version, yaml);
    if (latest == null) {
      latest = version;
    }
    return this;
  }

  CatalogFiles latest(String version) {
    latest = version;
    return this;
  }

  CatalogFiles metadata(String key, Object value) {
    metadata.put(key, value);
    return this;
  }

  /** Writes the files and returns the directory, ready for {@link Catalog#open(String)}. */
  Path write() {
    try {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (var published : versions.entrySet()) {
        String path = "models/" + MODEL + "/" + MODEL + "-" + published.getKey() + ".yaml";
        byte[] bytes = published.getValue().getBytes(StandardCharsets.UTF_8);
        Files.createDirectories(dir.resolve(path).getParent());
        Files.write(dir.resolve(path), bytes);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("version", published.getKey());
        row.put("path", path);
        row.put("digest", Digests.sha256(bytes));
        row.put("variants", List.of());
        rows.add(row);
      }
      Map<String, Object> model = new LinkedHashMap<>();
      model.put("name", MODEL);
      model.putAll(metadata);
      model.put("latest", latest);
      model.put("versions", rows);
      Map<String, Object> index = new LinkedHashMap<>();
      index.put("apiVersion", "catalog.swiss/v1");
      index.put("count", 1);
      index.put("models", List.of(model));
      Files.write(dir.resolve("index.json"), new ObjectMapper().writeValueAsBytes(index));
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A version file of the tiny model with the given variants block (indented list items). */
  static String entry(String version, String variants) {
    return """
        apiVersion: catalog.swiss/v1
        name: tiny
        version: %s
        variants:
        %s"""
        .formatted(version, variants.stripIndent());
  }

  /** One valid single-node vllm variant. */
  static final String VLLM =
      """
        - id: vllm-tp1
          engine: vllm
          chart: {name: vllm, version: ">=0.7.6"}
          requires: {gpus: 1}
          values:
            replicaCount: 1
        """;
}
