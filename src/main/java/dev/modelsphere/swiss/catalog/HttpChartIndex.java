package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/** Lists a chart's versions from a classic (http) chart repository's {@code index.yaml}. */
final class HttpChartIndex {

  private HttpChartIndex() {}

  /** The {@code version} of every {@code entries.<name>[]} in {@code <repo>/index.yaml}. */
  static List<String> list(String repo, String name) {
    String indexUrl = OciRegistryTags.stripTrailingSlashes(repo) + "/index.yaml";
    URI uri;
    try {
      uri = URI.create(indexUrl);
    } catch (IllegalArgumentException e) {
      throw new RepoException(indexUrl, "not a URL: " + e.getMessage(), e);
    }
    RepoHttp.Response response = RepoHttp.get(indexUrl, uri, null);
    if (!response.ok()) {
      throw RepoHttp.failure(indexUrl, response);
    }
    JsonNode entries = entries(indexUrl, response.body());
    JsonNode releases = entries.path(name);
    if (!releases.isArray() || releases.isEmpty()) {
      throw new RepoException(indexUrl, "the index has no chart \"" + name + "\"");
    }
    List<String> versions = new ArrayList<>();
    for (JsonNode release : releases) {
      String version = release.path("version").asText("");
      if (!version.isEmpty()) {
        versions.add(version);
      }
    }
    return versions;
  }

  private static JsonNode entries(String indexUrl, byte[] body) {
    JsonNode index;
    try {
      index = ChartYaml.MAPPER.readTree(body);
    } catch (IOException e) {
      throw new RepoException(indexUrl, "not a chart repository index: " + e.getMessage(), e);
    }
    JsonNode entries = index == null ? null : index.get("entries");
    if (entries == null || !entries.isObject()) {
      throw new RepoException(indexUrl, "not a chart repository index: it has no entries");
    }
    return entries;
  }
}
