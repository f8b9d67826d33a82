package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.CachedCatalog;
import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.CatalogException;
import dev.modelsphere.swiss.catalog.Fetcher;
import dev.modelsphere.swiss.catalog.IndexCache;
import dev.modelsphere.swiss.error.ErrorKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opened catalogs by location, each reused for one TTL ({@code server.cacheTTL}). A catalog that
 * cannot be fetched is served from the last copy in memory, or on a fresh process from the index
 * saved on disk; every good fetch is saved there. Thread-safe.
 */
public final class CatalogCache {
  private static final Logger LOG = LoggerFactory.getLogger(CatalogCache.class);

  /**
   * @param fetchedAt when this copy of the index was fetched (or saved to disk)
   * @param checkedAt when the location was last tried; the next try waits one TTL from here
   */
  private record Held(Catalog catalog, Instant fetchedAt, Instant checkedAt) {}

  private final Duration ttl;
  private final IndexCache disk;
  private final Clock clock;
  private final Map<String, Held> held = new ConcurrentHashMap<>();

  public CatalogCache(Duration ttl, IndexCache disk, Clock clock) {
    this.ttl = ttl;
    this.disk = disk;
    this.clock = clock;
  }

  /**
   * The catalog at {@code location} (an http(s) URL or a path): the held copy while it is younger
   * than the TTL, else a fresh fetch, else the last copy that can be found.
   *
   * @throws SiteStateException {@code BAD_GATEWAY} when it cannot be fetched and no copy is held in
   *     memory or on disk
   */
  public Catalog open(String location) {
    Instant now = clock.instant();
    Held current = held.get(location);
    if (current != null && now.isBefore(current.checkedAt().plus(ttl))) {
      return current.catalog();
    }
    try {
      Catalog fresh = Catalog.open(location);
      held.put(location, new Held(fresh, now, now));
      saveToDisk(fresh);
      return fresh;
    } catch (CatalogException e) {
      Held fallback = current != null ? current : fromDisk(location, e);
      LOG.warn(
          "catalog {} cannot be fetched, serving the copy fetched at {}: {}",
          location,
          fallback.fetchedAt(),
          e.getMessage());
      // Try again one TTL from now, not on every request: an unreachable catalog would otherwise
      // cost every request a timeout.
      held.put(location, new Held(fallback.catalog(), fallback.fetchedAt(), now));
      return fallback.catalog();
    }
  }

  /** The refs of the catalogs held in memory, for readiness; never fetches. */
  public List<String> heldRefs() {
    return held.values().stream().map(h -> h.catalog().ref()).sorted().toList();
  }

  private Held fromDisk(String location, CatalogException fetchFailure) {
    try {
      CachedCatalog saved = disk.open(Fetcher.forLocation(location));
      return new Held(saved.catalog(), saved.savedAt(), clock.instant());
    } catch (CatalogException e) {
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED,
          "%s; no earlier copy to serve (%s)".formatted(fetchFailure.getMessage(), e.getMessage()),
          fetchFailure);
    }
  }

  private void saveToDisk(Catalog catalog) {
    try {
      disk.save(catalog);
    } catch (CatalogException e) {
      // The fetch succeeded; only a later restart without the catalog loses out.
      LOG.warn("catalog {} not saved to the disk cache: {}", catalog.location(), e.getMessage());
    }
  }
}
