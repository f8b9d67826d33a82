package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.modelsphere.swiss.values.ValuesException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A classic chart repository's {@code index.yaml}: the versions it holds of each chart and where
 * their archives are. Listing versions and fetching charts both read it through here.
 *
 * <p>Every read asks the repository, since a version can be pushed again and the index is what says
 * so; but it asks conditionally ({@code If-None-Match}, {@code If-Modified-Since}) when it kept the
 * index from before, so an unchanged index of a public repository (tens of MiB) is not downloaded
 * and parsed for each plan, diff and apply. What is kept is only each release's version, first URL
 * and digest.
 */
final class RepositoryIndex {

  /** How many versions a "no such version" message names before it only counts the rest. */
  private static final int VERSIONS_NAMED = 10;

  /** Repositories whose index is kept; a site names one or two. */
  private static final Cache<String, Kept> KEPT = Caffeine.newBuilder().maximumSize(16).build();

  /** One release of a chart as the index lists it. */
  private record Release(String version, String url, String digest) {}

  /** An index kept with the validators to ask whether it changed. */
  private record Kept(String etag, String lastModified, RepositoryIndex index) {}

  /**
   * One chart version as the index lists it.
   *
   * @param archive its first URL, a relative one resolved against the index
   * @param digest {@code sha256:<hex>} of the archive; empty when the index lists none
   */
  record Listed(URI archive, String digest) {}

  private final String location;
  private final URI uri;
  private final Map<String, List<Release>> charts;

  private RepositoryIndex(String location, URI uri, Map<String, List<Release>> charts) {
    this.location = location;
    this.uri = uri;
    this.charts = charts;
  }

  /** Reads {@code <repo>/index.yaml} as the repository serves it now; errors name that URL. */
  static RepositoryIndex read(RepoHttp http, String repo) {
    String location = ChartSource.withoutTrailingSlashes(repo) + "/index.yaml";
    URI uri;
    try {
      uri = URI.create(location);
    } catch (IllegalArgumentException e) {
      throw new RepoException(location, "not a URL: " + e.getMessage(), e);
    }
    Kept kept = KEPT.getIfPresent(location);
    RepoHttp.Response response =
        kept == null
            ? http.document(location, uri, null)
            : http.documentIfChanged(location, uri, conditions(kept));
    if (kept != null && response.status() == 304) {
      return kept.index();
    }
    if (!response.ok()) {
      throw response.failure(location);
    }
    RepositoryIndex index = new RepositoryIndex(location, uri, charts(location, response.body()));
    Optional<String> etag = response.header("ETag");
    Optional<String> modified = response.header("Last-Modified");
    if (etag.isPresent() || modified.isPresent()) {
      KEPT.put(location, new Kept(etag.orElse(""), modified.orElse(""), index));
    } else {
      KEPT.invalidate(location);
    }
    return index;
  }

  private static Map<String, String> conditions(Kept kept) {
    Map<String, String> headers = new LinkedHashMap<>();
    if (!kept.etag().isEmpty()) {
      headers.put("If-None-Match", kept.etag());
    }
    if (!kept.lastModified().isEmpty()) {
      headers.put("If-Modified-Since", kept.lastModified());
    }
    return headers;
  }

  /** The version of every release of {@code chart}, in the index's order. */
  List<String> versions(String chart) {
    return releases(chart).stream().map(Release::version).filter(v -> !v.isEmpty()).toList();
  }

  /**
   * The archive of {@code chart} at {@code version}. A {@code v} prefix on either side is ignored,
   * as helm does.
   */
  Listed release(String chart, String version) {
    for (Release release : releases(chart)) {
      if (sameVersion(release.version(), version)) {
        if (release.url().isEmpty()) {
          throw new RepoException(
              location, "the index lists %s %s without a download URL".formatted(chart, version));
        }
        return new Listed(uri.resolve(release.url()), release.digest());
      }
    }
    throw new RepoException(
        location,
        "the index has no %s version %s (it has %s): pick one of those chart versions"
            .formatted(chart, version, named(versions(chart))));
  }

  private List<Release> releases(String chart) {
    List<Release> releases = charts.getOrDefault(chart, List.of());
    if (releases.isEmpty()) {
      throw new RepoException(
          location,
          ("the index has no chart \"%s\": check the chart name in the catalog entry and"
                  + " chartRepo in the site profile")
              .formatted(chart));
    }
    return releases;
  }

  private static Map<String, List<Release>> charts(String location, byte[] body) {
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
    Map<String, List<Release>> charts = new LinkedHashMap<>();
    entries
        .fields()
        .forEachRemaining(
            chart -> {
              List<Release> releases = new ArrayList<>();
              if (chart.getValue().isArray()) {
                for (JsonNode release : chart.getValue()) {
                  JsonNode urls = release.path("urls");
                  releases.add(
                      new Release(
                          release.path("version").asText(""),
                          urls.isArray() && !urls.isEmpty() ? urls.get(0).asText("") : "",
                          ChartDigest.fromIndex(release.path("digest").asText(""))));
                }
              }
              charts.put(chart.getKey(), List.copyOf(releases));
            });
    return charts;
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
