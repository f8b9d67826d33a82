package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lists a chart's tags in an OCI registry (distribution spec {@code tags/list}), reading
 * anonymously: on a 401 it takes the bearer challenge, asks the named token realm for a pull token,
 * and retries with it, once. Pages are followed through {@code Link: <...>; rel="next"}.
 */
final class OciRegistryTags {

  private static final ObjectMapper JSON = JsonMappers.PLAIN;
  private static final Pattern CHALLENGE_PARAM =
      Pattern.compile("([A-Za-z][A-Za-z0-9_-]*)\\s*=\\s*(?:\"([^\"]*)\"|([^,\\s]*))");
  private static final Pattern NEXT_LINK =
      Pattern.compile("<([^>]*)>\\s*;[^,]*?rel\\s*=\\s*\"?next\"?");

  private final RepoHttp http;
  private final String location;
  private final String repository;
  private final URI firstPage;
  private String authorization;

  private OciRegistryTags(RepoHttp http, String location, String repository, URI firstPage) {
    this.http = http;
    this.location = location;
    this.repository = repository;
    this.firstPage = firstPage;
  }

  /**
   * The tags of chart {@code name} under {@code oci://host/path}, with {@code _} read back as
   * {@code +} (helm stores {@code +} in tags as {@code _}), in the registry's order.
   */
  static List<String> list(RepoHttp http, String ociRepo, String name, RegistryAccess access) {
    String ref =
        ChartSource.withoutTrailingSlashes(ociRepo.substring(ChartSource.OCI_SCHEME.length()));
    int slash = ref.indexOf('/');
    if (slash <= 0) {
      throw new RepoException(ociRepo, ChartSource.OCI_SCHEME + ref + " names no repository");
    }
    String host = ref.substring(0, slash);
    String repository = ref.substring(slash + 1) + "/" + name;
    String location = ChartSource.OCI_SCHEME + host + "/" + repository;
    URI firstPage;
    try {
      firstPage = URI.create(access.scheme() + "://" + host + "/v2/" + repository + "/tags/list");
    } catch (IllegalArgumentException e) {
      throw new RepoException(location, "not a registry location: " + e.getMessage(), e);
    }
    return new OciRegistryTags(http, location, repository, firstPage).readAllPages();
  }

  private List<String> readAllPages() {
    List<String> tags = new ArrayList<>();
    Set<URI> seen = new HashSet<>();
    boolean challenged = false;
    URI page = firstPage;
    while (page != null) {
      RepoHttp.Response response = http.document(location, page, authorization);
      if (response.status() == 401 && !challenged) {
        challenged = true;
        authorization = "Bearer " + token(response.header("WWW-Authenticate").orElse(""));
        continue;
      }
      if (!response.ok()) {
        throw response.failure(location);
      }
      for (JsonNode tag : tagList(response.body())) {
        tags.add(tag.asText().replace('_', '+'));
      }
      seen.add(page);
      // Relative links resolve against the page actually served, after any redirect.
      page = nextPage(response.uri(), response.headers("Link")).orElse(null);
      if (page != null && seen.contains(page)) {
        throw new RepoException(location, "the registry's tag pages link back to " + page);
      }
    }
    return tags;
  }

  private JsonNode tagList(byte[] body) {
    try {
      JsonNode tags = JSON.readTree(body).path("tags");
      if (!tags.isArray() && !tags.isMissingNode() && !tags.isNull()) {
        throw new RepoException(location, "the registry's tag list is not a list");
      }
      return tags;
    } catch (IOException e) {
      throw new RepoException(
          location, "the registry's tag list is not JSON: " + e.getMessage(), e);
    }
  }

  private String token(String challenge) {
    String scheme = challenge.strip().split("\\s+", 2)[0];
    if (!scheme.equalsIgnoreCase("Bearer")) {
      String asked = scheme.isEmpty() ? "unnamed" : scheme;
      throw new RepoException(location, 401, "it asks for " + asked + " auth");
    }
    Map<String, String> params = challengeParams(challenge.strip().substring(scheme.length()));
    URI realm =
        absolute(params.get("realm"))
            .orElseThrow(
                () ->
                    new RepoException(
                        location,
                        401,
                        "its auth challenge names no token realm: \"" + challenge + "\""));
    RepoHttp.Response response =
        http.document(location, tokenRequest(realm, params.get("service")), null);
    if (!response.ok()) {
      throw response.failure(location);
    }
    return tokenIn(response.body())
        .orElseThrow(() -> new RepoException(location, "its token endpoint returned no token"));
  }

  private URI tokenRequest(URI realm, String service) {
    StringBuilder query = new StringBuilder();
    if (service != null) {
      query.append("service=").append(encode(service)).append('&');
    }
    query.append("scope=").append(encode("repository:" + repository + ":pull"));
    String separator = realm.getRawQuery() == null ? "?" : "&";
    return URI.create(realm + separator + query);
  }

  private static Optional<String> tokenIn(byte[] body) {
    try {
      JsonNode answer = JSON.readTree(body);
      for (String field : List.of("token", "access_token")) {
        String token = answer.path(field).asText("");
        if (!token.isEmpty()) {
          return Optional.of(token);
        }
      }
    } catch (IOException e) {
      // Not JSON: no token.
    }
    return Optional.empty();
  }

  private static Map<String, String> challengeParams(String params) {
    Map<String, String> result = new LinkedHashMap<>();
    Matcher m = CHALLENGE_PARAM.matcher(params);
    while (m.find()) {
      result.put(m.group(1).toLowerCase(), m.group(2) != null ? m.group(2) : m.group(3));
    }
    return result;
  }

  private static Optional<URI> absolute(String url) {
    if (url == null) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(url);
      boolean web =
          "https".equalsIgnoreCase(uri.getScheme()) || "http".equalsIgnoreCase(uri.getScheme());
      return web && uri.getHost() != null ? Optional.of(uri) : Optional.empty();
    } catch (Exception e) {
      return Optional.empty();
    }
  }

  /** The next page named by a {@code Link} header, resolved against the current page. */
  private Optional<URI> nextPage(URI page, List<String> links) {
    for (String link : links) {
      Matcher m = NEXT_LINK.matcher(link);
      if (m.find()) {
        try {
          return Optional.of(page.resolve(m.group(1)));
        } catch (IllegalArgumentException e) {
          throw new RepoException(
              location, "the registry's next-page link is not a URL: " + link, e);
        }
      }
    }
    return Optional.empty();
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
