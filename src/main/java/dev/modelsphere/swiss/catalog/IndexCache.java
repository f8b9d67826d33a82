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
 *
 * <p>A copy is kept per location and signer, with the signature it was taken with, and is checked
 * again when it is opened: a copy saved while the catalog was unsigned is never what a catalog with
 * a signer falls back to, and a file put in the cache is worth no more than one the catalog served.
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

  /**
   * Replaces the saved index (and signature) for the catalog's location and signer, atomically
   * each, then sweeps old files. The signature goes first: an index never lies beside another
   * index's signature for longer than the second move.
   */
  public void save(Catalog catalog) {
    byte[] raw = catalog.rawIndex();
    if (dir == null || raw.length == 0) {
      return;
    }
    Path target = fileFor(catalog.location(), catalog.signer());
    try {
      createDir();
      if (!catalog.signer().isEmpty()) {
        replace(signatureOf(target), catalog.signature().getBytes(UTF_8));
      }
      replace(target, raw);
    } catch (IOException e) {
      throw new CatalogException("cannot save the catalog index to " + target + ": " + e, e);
    }
    prune(target);
  }

  private void replace(Path target, byte[] content) throws IOException {
    Path temp = Files.createTempFile(dir, "index-", ".tmp");
    try {
      Files.write(temp, content);
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** The saved, unsigned index for the fetcher's location, validated again. */
  public CachedCatalog open(Fetcher fetcher) {
    return open(fetcher, "");
  }

  /**
   * The saved index for the fetcher's location and {@code signer}, validated again and, with a
   * signer, its signature verified again; entries come from fetcher.
   */
  public CachedCatalog open(Fetcher fetcher, String signer) {
    if (dir == null) {
      throw new CatalogException("no catalog cache configured");
    }
    Path file = fileFor(fetcher.location(), signer);
    try {
      byte[] raw = Files.readAllBytes(file);
      Instant savedAt = Files.getLastModifiedTime(file).toInstant();
      Catalog catalog =
          signer.isBlank()
              ? Catalog.fromIndex(fetcher, raw)
              : Catalog.signed(fetcher, raw, Files.readString(signatureOf(file)), signer);
      return new CachedCatalog(catalog, savedAt);
    } catch (NoSuchFileException e) {
      throw new CatalogException(
          "cached index " + file + ": none saved for " + fetcher.location() + signedBy(signer), e);
    } catch (IOException | CatalogException e) {
      throw new CatalogException("cached index " + file + ": " + e.getMessage(), e);
    }
  }

  private static String signedBy(String signer) {
    return signer.isBlank() ? "" : " signed by its trusted signer";
  }

  /**
   * {@code index-<first 8 bytes of sha256(location, signer)> in hex>.json}: the signer is part of
   * the name, so each signer's copy is its own.
   */
  Path fileFor(String location, String signer) {
    String key = signer.isBlank() ? location : location + "\n" + signer.strip();
    byte[] digest = Digests.sha256Bytes(key.getBytes(UTF_8));
    return dir.resolve("index-" + HexFormat.of().formatHex(digest, 0, 8) + ".json");
  }

  private static Path signatureOf(Path index) {
    return index.resolveSibling(index.getFileName() + ".sig");
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
        if (file.equals(keep) || file.equals(signatureOf(keep))) {
          continue;
        }
        if (name.endsWith(".tmp") && olderThan(file, now, STALE_TEMP)
            || name.startsWith("index-")
                && (name.endsWith(".json") || name.endsWith(".json.sig"))
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
