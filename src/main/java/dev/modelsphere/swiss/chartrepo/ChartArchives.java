package dev.modelsphere.swiss.chartrepo;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Fetches packaged charts from classic http(s) chart repositories (an {@code index.yaml} beside the
 * archives) into a local cache. A chart version in a repository never changes, so a cached archive
 * is reused without asking the repository again.
 */
public final class ChartArchives {

  private final Path cacheDir;
  private final RepoHttp http;

  public ChartArchives(Path cacheDir) {
    this(cacheDir, RepoHttp.standard());
  }

  ChartArchives(Path cacheDir, RepoHttp http) {
    this.cacheDir = cacheDir;
    this.http = http;
  }

  /**
   * The per-user cache: {@code $XDG_CACHE_HOME/swiss/charts}, else {@code ~/.cache/swiss/charts}.
   */
  public static ChartArchives inUserCache() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return new ChartArchives(base.resolve("swiss").resolve("charts"));
  }

  /**
   * The local archive of chart {@code name} at {@code version} from the repository at {@code repo},
   * fetched on first use.
   *
   * @throws RepoException when the repository has no such chart version or cannot be read
   */
  public Path fetch(String repo, String name, String version) {
    String location = ChartSource.withoutTrailingSlashes(repo);
    Path cached = cacheDir.resolve(digest(location)).resolve(name + "-" + version + ".tgz");
    if (Files.isRegularFile(cached)) {
      return cached;
    }
    URI archive = RepositoryIndex.read(http, location).archive(name, version);
    RepoHttp.Response response = http.archive(archive.toString(), archive);
    if (!response.ok()) {
      throw response.failure(archive.toString());
    }
    return store(cached, response.body());
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
      throw new RepoException(
          target.toString(), "cannot cache the chart archive here: " + e.getMessage(), e);
    }
  }

  private static String digest(String location) {
    try {
      byte[] sum =
          MessageDigest.getInstance("SHA-256").digest(location.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sum, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
