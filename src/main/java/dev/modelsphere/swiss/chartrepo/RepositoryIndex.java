package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.values.ValuesException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * A classic chart repository's {@code index.yaml}: the versions it holds of each chart and where
 * their archives are. Listing versions and fetching charts both read it through here.
 */
final class RepositoryIndex {

  /** How many versions a "no such version" message names before it only counts the rest. */
  private static final int VERSIONS_NAMED = 10;

  private final String location;
  private final URI uri;
  private final JsonNode entries;

  private RepositoryIndex(String location, URI uri, JsonNode entries) {
    this.location = location;
    this.uri = uri;
    this.entries = entries;
  }

  /** Reads {@code <repo>/index.yaml}; errors name that URL. */
  static RepositoryIndex read(RepoHttp http, String repo) {
    String location = ChartSource.withoutTrailingSlashes(repo) + "/index.yaml";
    URI uri;
    try {
      uri = URI.create(location);
    } catch (IllegalArgumentException e) {
      throw new RepoException(location, "not a URL: " + e.getMessage(), e);
    }
    RepoHttp.Response response = http.document(location, uri, null);
    if (!response.ok()) {
      throw response.failure(location);
    }
    return new RepositoryIndex(location, uri, entries(location, response.body()));
  }

  /** The version of every release of {@code chart}, in the index's order. */
  List<String> versions(String chart) {
    List<String> versions = new ArrayList<>();
    for (JsonNode release : releases(chart)) {
      String version = release.path("version").asText("");
      if (!version.isEmpty()) {
        versions.add(version);
      }
    }
    return versions;
  }

  /**
   * One chart version as the index lists it.
   *
   * @param archive its first URL, a relative one resolved against the index
   * @param digest {@code sha256:<hex>} of the archive; empty when the index lists none
   */
  record Listed(URI archive, String digest) {}

  /**
   * The archive of {@code chart} at {@code version}. A {@code v} prefix on either side is ignored,
   * as helm does.
   */
  Listed release(String chart, String version) {
    for (JsonNode release : releases(chart)) {
      if (sameVersion(release.path("version").asText(""), version)) {
        JsonNode urls = release.path("urls");
        if (!urls.isArray() || urls.isEmpty()) {
          throw new RepoException(
              location, "the index lists %s %s without a download URL".formatted(chart, version));
        }
        return new Listed(
            uri.resolve(urls.get(0).asText()),
            ChartDigest.fromIndex(release.path("digest").asText("")));
      }
    }
    throw new RepoException(
        location,
        "the index has no %s version %s (it has %s): pick one of those chart versions"
            .formatted(chart, version, named(versions(chart))));
  }

  private JsonNode releases(String chart) {
    JsonNode releases = entries.path(chart);
    if (!releases.isArray() || releases.isEmpty()) {
      throw new RepoException(
          location,
          ("the index has no chart \"%s\": check the chart name in the catalog entry and"
                  + " chartRepo in the site profile")
              .formatted(chart));
    }
    return releases;
  }

  private static JsonNode entries(String location, byte[] body) {
    JsonNode index;
    try {
      index = ChartYaml.read(body);
    } catch (ValuesException e) {
      throw new RepoException(location, "not a chart repository index: " + e.getMessage(), e);
    }
    JsonNode entries = index.get("entries");
    if (entries == null || !entries.isObject()) {
      throw new RepoException(location, "not a chart repository index: it has no entries");
    }
    return entries;
  }

  private static String named(List<String> versions) {
    if (versions.size() <= VERSIONS_NAMED) {
      return String.join(", ", versions);
    }
    return "%s and %d more"
        .formatted(
            String.join(", ", versions.subList(0, VERSIONS_NAMED)),
            versions.size() - VERSIONS_NAMED);
  }

  private static boolean sameVersion(String a, String b) {
    return withoutV(a).equals(withoutV(b));
  }

  private static String withoutV(String version) {
    return version.startsWith("v") ? version.substring(1) : version;
  }
}
