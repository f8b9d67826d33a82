package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The on-disk copy of each catalog's last good index (§2.8). */
class CacheTest {
  @TempDir Path tmp;

  private final Catalog fixture = Catalog.open(Fixtures.catalogDir().toString());

  private Path cacheDir() {
    return tmp.resolve("cache");
  }

  @Test
  void cacheRoundTripsTheIndexBytes() {
    IndexCache cache = IndexCache.at(cacheDir());
    Instant before = Instant.now().minusSeconds(5);

    cache.save(fixture);
    CachedCatalog cached = cache.open(Fetcher.forLocation(fixture.location()));

    assertThat(cached.catalog().ref()).isEqualTo(fixture.ref());
    assertThat(cached.catalog().rawIndex()).isEqualTo(fixture.rawIndex());
    assertThat(cached.catalog().location()).isEqualTo(fixture.location());
    assertThat(cached.savedAt()).isAfter(before);
    assertThat(cached.catalog().entry("glm5.3", "").version()).isEqualTo("1.0.4");
  }

  @Test
  void cacheWritesOneFileNamedForTheLocationAndNoTempFiles() throws IOException {
    IndexCache.at(cacheDir()).save(fixture);

    assertThat(listNames(cacheDir()))
        .singleElement()
        .asString()
        .matches("index-[0-9a-f]{16}\\.json");
    assertThat(Files.readAllBytes(cacheDir().resolve(listNames(cacheDir())[0])))
        .isEqualTo(fixture.rawIndex());
  }

  @Test
  void cacheKeysOnLocation() throws IOException {
    IndexCache cache = IndexCache.at(cacheDir());
    cache.save(fixture);
    Path elsewhere = Fixtures.copyCatalog(tmp.resolve("elsewhere"));

    assertThatThrownBy(() -> cache.open(Fetcher.forLocation(elsewhere.toString())))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(elsewhere.resolve("index.json").toString());

    Catalog other = Catalog.open(elsewhere.toString());
    cache.save(other);
    assertThat(cache.open(Fetcher.forLocation(elsewhere.toString())).catalog().location())
        .isEqualTo(other.location());
    assertThat(listNames(cacheDir())).hasSize(2);
  }

  @Test
  void cacheRejectsCorruptedBytes() throws IOException {
    IndexCache cache = IndexCache.at(cacheDir());
    cache.save(fixture);
    Path file = cacheDir().resolve(listNames(cacheDir())[0]);
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));

    assertThatThrownBy(() -> cache.open(Fetcher.forLocation(fixture.location())))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll("cached index", file.toString());
  }

  @Test
  void cacheRejectsAnIndexThatNoLongerValidates() throws IOException {
    IndexCache cache = IndexCache.at(cacheDir());
    cache.save(fixture);
    Path file = cacheDir().resolve(listNames(cacheDir())[0]);
    Files.writeString(file, Files.readString(file).replace("\"count\": 6", "\"count\": 7"));

    assertThatThrownBy(() -> cache.open(Fetcher.forLocation(fixture.location())))
        .hasMessageContainingAll("cached index", "count is 7");
  }

  @Test
  void cacheSweepsWhatIsNoLongerRead() throws IOException {
    Files.createDirectories(cacheDir());
    Path oldIndex = aged(cacheDir().resolve("index-00000000000000aa.json"), Duration.ofDays(8));
    Path recentIndex = aged(cacheDir().resolve("index-00000000000000bb.json"), Duration.ofDays(2));
    Path oldTemp = aged(cacheDir().resolve("index-123.tmp"), Duration.ofHours(2));
    Path freshTemp = aged(cacheDir().resolve("index-456.tmp"), Duration.ofMinutes(10));
    Path unrelated = aged(cacheDir().resolve("notes.txt"), Duration.ofDays(30));

    IndexCache.at(cacheDir()).save(fixture);

    assertThat(oldIndex).doesNotExist();
    assertThat(oldTemp).doesNotExist();
    assertThat(recentIndex).exists();
    assertThat(freshTemp).exists();
    assertThat(unrelated).exists();
    assertThat(
            IndexCache.at(cacheDir()).open(Fetcher.forLocation(fixture.location())).catalog().ref())
        .isEqualTo(fixture.ref());
  }

  @Test
  void cacheKeepsTheIndexInUseHoweverOld() {
    // Ninety days from now every file in the directory, the one just written included, is old.
    Clock later = Clock.fixed(Instant.now().plus(Duration.ofDays(90)), ZoneOffset.UTC);
    IndexCache cache = IndexCache.at(cacheDir(), later);

    cache.save(fixture);
    cache.save(fixture);

    assertThat(cache.open(Fetcher.forLocation(fixture.location())).catalog().ref())
        .isEqualTo(fixture.ref());
  }

  @Test
  void disabledCacheIsUsable() {
    for (IndexCache disabled : new IndexCache[] {IndexCache.at(null), IndexCache.at(Path.of(""))}) {
      assertThat(disabled.dir()).isNull();
      assertThat(disabled.enabled()).isFalse();
      disabled.save(fixture);
      assertThatThrownBy(() -> disabled.open(Fetcher.forLocation(fixture.location())))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining("no catalog cache configured");
    }
  }

  @Test
  void theCacheDirectoryIsCreatedPrivate() throws IOException {
    Path nested = tmp.resolve("a/b/cache");
    IndexCache.at(nested).save(fixture);

    assertThat(nested).isDirectory();
    if (Files.getFileStore(nested).supportsFileAttributeView("posix")) {
      assertThat(
              java.nio.file.attribute.PosixFilePermissions.toString(
                  Files.getPosixFilePermissions(nested)))
          .isEqualTo("rwx------");
    }
  }

  private static Path aged(Path file, Duration age) throws IOException {
    Files.writeString(file, "{}");
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
    return file;
  }

  private static String[] listNames(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
    }
  }
}
