package dev.modelsphere.swiss.catalog;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

/**
 * The last good index of each catalog location, kept on disk so a server that restarts while its
 * catalog is unreachable can still serve. Only indexes are cached, never entries: an entry is
 * fetched and verified against the cached digest when it is needed.
 */
public final class IndexCache {
  static final Duration STALE_TEMP = Duration.ofHours(1);
  static final Duration STALE_INDEX = Duration.ofDays(7);

  private final Path dir;
  private final Clock clock;

  private IndexCache(Path dir, Clock clock) {
    this.dir = dir;
    this.clock = clock;
  }

  /**
   * A cache in {@code dir}; null or empty means disabled: saving does nothing and opening fails.
   */
  public static IndexCache at(Path dir) {
    return at(dir, Clock.systemUTC());
  }

  /** A cache that judges file ages by {@code clock}. */
  static IndexCache at(Path dir, Clock clock) {
    return new IndexCache(dir == null || dir.toString().isEmpty() ? null : dir, clock);
  }

  /** The cache directory, null when the cache is disabled. */
  public Path dir() {
    return dir;
  }

  public boolean enabled() {
    return dir != null;
  }

  /** Replaces the saved index for the catalog's location, atomically, then sweeps old files. */
  public void save(Catalog catalog) {
    byte[] raw = catalog.rawIndex();
    if (dir == null || raw.length == 0) {
      return;
    }
    Path target = fileFor(catalog.location());
    try {
      createDir();
      Path temp = Files.createTempFile(dir, "index-", ".tmp");
      try {
        Files.write(temp, raw);
        Files.move(
            temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new CatalogException("cannot save the catalog index to " + target + ": " + e, e);
    }
    prune(target);
  }

  /** The saved index for the fetcher's location, validated again; entries come from fetcher. */
  public CachedCatalog open(Fetcher fetcher) {
    if (dir == null) {
      throw new CatalogException("no catalog cache configured");
    }
    Path file = fileFor(fetcher.location());
    try {
      byte[] raw = Files.readAllBytes(file);
      Instant savedAt = Files.getLastModifiedTime(file).toInstant();
      return new CachedCatalog(Catalog.fromIndex(fetcher, raw), savedAt);
    } catch (NoSuchFileException e) {
      throw new CatalogException(
          "cached index " + file + ": none saved for " + fetcher.location(), e);
    } catch (IOException | CatalogException e) {
      throw new CatalogException("cached index " + file + ": " + e.getMessage(), e);
    }
  }

  /** {@code index-<first 8 bytes of sha256(location) in hex>.json}. */
  Path fileFor(String location) {
    byte[] digest = Digests.sha256Bytes(location.getBytes(UTF_8));
    return dir.resolve("index-" + HexFormat.of().formatHex(digest, 0, 8) + ".json");
  }

  private void createDir() throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Files.createDirectories(
          dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } else {
      Files.createDirectories(dir);
    }
  }

  /**
   * Removes what no catalog reads any more: temp files a crash left behind, and indexes of
   * locations not saved for a week. The index just written is kept however old its location is.
   */
  private void prune(Path keep) {
    Instant now = clock.instant();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (file.equals(keep)) {
          continue;
        }
        if (name.endsWith(".tmp") && olderThan(file, now, STALE_TEMP)
            || name.startsWith("index-")
                && name.endsWith(".json")
                && olderThan(file, now, STALE_INDEX)) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException e) {
      // A sweep that fails leaves old files behind; the save itself succeeded.
    }
  }

  private static boolean olderThan(Path file, Instant now, Duration age) throws IOException {
    FileTime modified = Files.getLastModifiedTime(file);
    return modified.toInstant().isBefore(now.minus(age));
  }
}
