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
 * archives) into a local cache. The index is read on every fetch: a version's archive can be
 * re-pushed, and the digest the index lists is what says so. Archives are cached under their
 * digest, so a re-pushed version is fetched again and never confused with the archive it replaced.
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
   * The archive of chart {@code name} at {@code version} as the repository at {@code repo} serves
   * it now, fetched unless the cache holds the archive with the digest the index lists.
   *
   * @throws RepoException when the repository has no such chart version, cannot be read, or serves
   *     an archive whose digest is not the one its index lists
   */
  public ChartArchive fetch(String repo, String name, String version) {
    String location = ChartSource.withoutTrailingSlashes(repo);
    RepositoryIndex.Listed listed = RepositoryIndex.read(http, location).release(name, version);
    Path folder = cacheDir.resolve(digest(location));
    if (!listed.digest().isEmpty()) {
      Path cached = folder.resolve(fileName(name, version, listed.digest()));
      if (Files.isRegularFile(cached)) {
        return new ChartArchive(cached, listed.digest());
      }
    }
    URI archive = listed.archive();
    RepoHttp.Response response = http.archive(archive.toString(), archive);
    if (!response.ok()) {
      throw response.failure(archive.toString());
    }
    String got = ChartDigest.ofBytes(response.body());
    // An index without digests (hand-written ones) cannot say; the archive's own digest is
    // recorded.
    if (!listed.digest().isEmpty() && !listed.digest().equals(got)) {
      throw new RepoException(
          archive.toString(),
          ("the archive's digest is %s but the index lists %s: the repository is changing it now"
                  + " or serves an archive it did not publish; nothing was installed from it, try"
                  + " again in a moment and ask the repository's owner if it persists")
              .formatted(got, listed.digest()));
    }
    return new ChartArchive(
        store(folder.resolve(fileName(name, version, got)), response.body()), got);
  }

  private static String fileName(String name, String version, String digest) {
    return name + "-" + version + "-" + ChartDigest.shortForm(digest) + ".tgz";
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
