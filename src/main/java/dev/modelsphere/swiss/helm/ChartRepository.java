package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Fetches packaged charts from classic http(s) chart repositories (an {@code index.yaml} beside the
 * archives) into a local cache. A chart version in a repository never changes, so a cached archive
 * is reused without asking the repository again.
 */
public final class ChartRepository {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final Path cacheDir;
  private final HttpClient http;

  public ChartRepository(Path cacheDir) {
    this.cacheDir = cacheDir;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
  }

  /**
   * The per-user cache: {@code $XDG_CACHE_HOME/swiss/charts}, else {@code ~/.cache/swiss/charts}.
   */
  public static ChartRepository inUserCache() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return new ChartRepository(base.resolve("swiss").resolve("charts"));
  }

  /** The local archive of {@code name} at {@code version} from the repository at {@code url}. */
  public Path fetch(String url, String name, String version) {
    Path cached = cacheDir.resolve(digest(url)).resolve(name + "-" + version + ".tgz");
    if (Files.isRegularFile(cached)) {
      return cached;
    }
    URI archive = archiveUri(url, name, version);
    byte[] body = get(archive, url);
    return store(cached, body);
  }

  private URI archiveUri(String url, String name, String version) {
    URI indexUri = URI.create(url + "/index.yaml");
    JsonNode index = parseIndex(get(indexUri, url), url);
    JsonNode entries = index.path("entries").path(name);
    if (!entries.isArray() || entries.isEmpty()) {
      throw new HelmException(
          "chart repository "
              + url
              + " has no chart named "
              + name
              + ": check the chart name in the catalog entry and chartRepo in the site profile");
    }
    List<String> known = new ArrayList<>();
    for (JsonNode entry : entries) {
      String v = entry.path("version").asText();
      known.add(v);
      if (sameVersion(v, version)) {
        JsonNode urls = entry.path("urls");
        if (!urls.isArray() || urls.isEmpty()) {
          throw new HelmException(
              "chart repository "
                  + url
                  + " lists "
                  + name
                  + " "
                  + version
                  + " without a download url");
        }
        return indexUri.resolve(urls.get(0).asText());
      }
    }
    throw new HelmException(
        "chart repository "
            + url
            + " has no "
            + name
            + " version "
            + version
            + " (it has "
            + String.join(", ", known)
            + "): pick one of those chart versions");
  }

  private byte[] get(URI uri, String repo) {
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new HelmException(
          "chart repository "
              + repo
              + " is unreachable ("
              + uri
              + ": "
              + describe(e)
              + "): check chartRepo in the site profile and the network",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new HelmException("interrupted while fetching " + uri, e);
    }
    if (response.statusCode() != 200) {
      throw new HelmException(
          "chart repository " + repo + " answered HTTP " + response.statusCode() + " for " + uri);
    }
    return response.body();
  }

  private static JsonNode parseIndex(byte[] body, String url) {
    try {
      return YAML.readTree(body);
    } catch (IOException e) {
      throw new HelmException(
          "chart repository " + url + " serves an index.yaml that is not YAML: " + e.getMessage(),
          e);
    }
  }

  private static Path store(Path target, byte[] body) {
    try {
      Files.createDirectories(target.getParent());
      Path partial = Files.createTempFile(target.getParent(), "fetch-", ".part");
      Files.write(partial, body);
      // Rename into place so a concurrent reader never sees half an archive.
      return Files.move(
          partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new HelmException("cannot cache chart archive at " + target + ": " + e.getMessage(), e);
    }
  }

  private static boolean sameVersion(String a, String b) {
    return stripV(a).equals(stripV(b));
  }

  private static String stripV(String v) {
    return v.startsWith("v") ? v.substring(1) : v;
  }

  private static String describe(IOException e) {
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
  }

  private static String digest(String url) {
    try {
      byte[] sum =
          MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sum, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
