package dev.modelsphere.swiss.sitestate;

import static dev.modelsphere.swiss.sitestate.Refusals.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.IndexCache;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.testing.CatalogServer;
import dev.modelsphere.swiss.testing.MovableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * server.md §1.5: the catalog cache by location, its TTL, and what it serves when a fetch fails.
 */
class CatalogCacheTest {
  private static final Duration TTL = Duration.ofSeconds(60);

  @TempDir Path tmp;

  private final CatalogServer server = new CatalogServer();
  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T08:00:00Z"));

  @AfterEach
  void stop() {
    server.close();
  }

  private CatalogCache cache() {
    return new CatalogCache(TTL, IndexCache.at(tmp.resolve("catalog-cache")), clock);
  }

  @Test
  void aCatalogIsFetchedOncePerTtl() {
    CatalogCache cache = cache();

    Catalog first = cache.open(server.url());
    clock.advance(TTL.minusSeconds(1));
    assertThat(cache.open(server.url())).isSameAs(first);
    assertThat(server.indexReads()).isEqualTo(1);

    clock.advance(Duration.ofSeconds(1));
    cache.open(server.url());
    assertThat(server.indexReads()).isEqualTo(2);
  }

  @Test
  void aFailedRefreshServesTheCopyInMemoryAndWaitsATtlBeforeTryingAgain() {
    CatalogCache cache = cache();
    Catalog before = cache.open(server.url());
    server.fail(true);
    clock.advance(TTL);

    assertThat(cache.open(server.url())).isSameAs(before);
    assertThat(cache.open(server.url())).isSameAs(before);
    assertThat(server.indexReads()).isEqualTo(2);

    server.fail(false);
    clock.advance(TTL);
    assertThat(cache.open(server.url()).ref()).isEqualTo(before.ref());
    assertThat(server.indexReads()).isEqualTo(3);
  }

  @Test
  void aFreshProcessServesAnUnreachableCatalogFromTheDiskCache() {
    String ref = cache().open(server.url()).ref();
    server.fail(true);

    Catalog restarted = cache().open(server.url());

    assertThat(restarted.ref()).isEqualTo(ref);
    assertThat(restarted.location()).isEqualTo(server.url() + "index.json");
  }

  @Test
  void aCatalogThatCannotBeFetchedAndWasNeverSavedIsABadGateway() {
    server.fail(true);

    assertRefused(
        () -> cache().open(server.url()),
        ErrorKind.UPSTREAM_FAILED,
        server.url() + "index.json",
        "503");
  }

  @Test
  void withoutADiskCacheAFreshProcessHasNothingToServe() {
    new CatalogCache(TTL, IndexCache.at(null), clock).open(server.url());
    server.fail(true);

    assertRefused(
        () -> new CatalogCache(TTL, IndexCache.at(null), clock).open(server.url()),
        ErrorKind.UPSTREAM_FAILED,
        "no catalog cache configured");
  }

  @Test
  void theHeldRefsAreReportedWithoutFetching() {
    CatalogCache cache = cache();
    assertThat(cache.heldRefs()).isEmpty();

    String ref = cache.open(server.url()).ref();

    assertThat(cache.heldRefs()).containsExactly(ref);
    assertThat(server.indexReads()).isEqualTo(1);
  }
}
