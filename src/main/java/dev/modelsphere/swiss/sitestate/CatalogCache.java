package dev.modelsphere.swiss.sitestate;

import com.github.benmanes.caffeine.cache.Cache;
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
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opened catalogs by location and signer, each reused for one TTL ({@code server.cacheTTL}). A
 * catalog that cannot be fetched is served from the last copy in memory, or on a fresh process from
 * the index saved on disk; every good fetch is saved there. A copy serves only the signer it was
 * checked for: a refused signature never falls back to a copy taken unsigned. A signed index whose
 * serial is below the last one seen (in memory or on disk) is refused as a replay. Thread-safe.
 */
public final class CatalogCache {
  private static final Logger LOG = LoggerFactory.getLogger(CatalogCache.class);

  /**
   * @param fetchedAt when this copy of the index was fetched (or saved to disk)
   */
  private record Held(Catalog catalog, Instant fetchedAt) {}

  /** A catalog as configured: where it is, and whose signature its index needs (empty: none). */
  private record Key(String location, String signer) {}

  /**
   * The catalog to serve without trying the location, for one TTL after it was last tried: after a
   * good fetch, and after a failed one too (then it holds the fallback).
   */
  private final Cache<Key, Catalog> tried;

  /**
   * The last copy of each catalog, however old: what a failed fetch serves. Kept apart from {@link
   * #tried}, which forgets an entry once its TTL is over.
   */
  private final Map<Key, Held> lastGood = new ConcurrentHashMap<>();

  private final IndexCache disk;
  private final Clock clock;

  public CatalogCache(Duration ttl, IndexCache disk, Clock clock) {
    this.tried = Expiring.afterWrite(ttl, clock);
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
    return open(location, "");
  }

  /**
   * The same for a catalog whose index must be signed by {@code signer} (empty: unsigned). A
   * refused signature is a failed fetch: the last good copy stays in use.
   */
  public Catalog open(String location, String signer) {
    Key key = new Key(location, signer == null ? "" : signer.strip());
    Catalog current = tried.getIfPresent(key);
    if (current != null) {
      return current;
    }
    // Not Cache.get(key, fetch): a fetch can take as long as its timeouts, and Caffeine would hold
    // a lock shared with other locations meanwhile. Two requests may fetch at once, as before.
    try {
      Catalog fresh = Catalog.open(location, key.signer());
      refuseReplay(key, fresh);
      lastGood.put(key, new Held(fresh, clock.instant()));
      tried.put(key, fresh);
      saveToDisk(fresh);
      return fresh;
    } catch (CatalogException e) {
      Held fallback = lastGood.get(key);
      if (fallback == null) {
        fallback = fromDisk(key, e);
        lastGood.put(key, fallback);
      }
      LOG.warn(
          "catalog {} cannot be fetched, serving the copy fetched at {}: {}",
          location,
          fallback.fetchedAt(),
          e.getMessage());
      // Try again one TTL from now, not on every request: an unreachable catalog would otherwise
      // cost every request a timeout.
      tried.put(key, fallback.catalog());
      return fallback.catalog();
    }
  }

  /**
   * Refuses a signed index older than the newest seen for the same catalog, or one that reuses the
   * newest serial for other content: either is an old index replayed, or a publisher's mistake that
   * the last good copy outlives. The newest seen is the copy in memory, else the one on disk.
   */
  private void refuseReplay(Key key, Catalog fresh) {
    if (key.signer().isEmpty()) {
      return;
    }
    Optional<Catalog> seen = lastSeen(key);
    if (seen.isEmpty()) {
      return;
    }
    long newest = seen.get().index().serial();
    long serial = fresh.index().serial();
    if (serial < newest || serial == newest && !fresh.ref().equals(seen.get().ref())) {
      throw new CatalogException(
          ("catalog %s refused: its signed index has serial %d, and serial %d was seen already%s"
                  + " -- an old index is being replayed, or the publisher must publish with a"
                  + " serial above %d")
              .formatted(
                  key.location(),
                  serial,
                  newest,
                  serial == newest ? " with other content" : "",
                  newest));
    }
  }

  private Optional<Catalog> lastSeen(Key key) {
    Held held = lastGood.get(key);
    if (held != null) {
      return Optional.of(held.catalog());
    }
    try {
      Held saved = loadFromDisk(key);
      lastGood.putIfAbsent(key, saved);
      return Optional.of(saved.catalog());
    } catch (CatalogException unusable) {
      // No copy, or one that fails its own signature: it proves nothing, so it sets no floor.
      return Optional.empty();
    }
  }

  /** The refs of the catalogs held in memory, for readiness; never fetches. */
  public List<String> heldRefs() {
    return lastGood.values().stream().map(h -> h.catalog().ref()).sorted().toList();
  }

  private Held fromDisk(Key key, CatalogException fetchFailure) {
    try {
      return loadFromDisk(key);
    } catch (CatalogException e) {
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED,
          "%s; no earlier copy to serve (%s)".formatted(fetchFailure.getMessage(), e.getMessage()),
          fetchFailure);
    }
  }

  private Held loadFromDisk(Key key) {
    CachedCatalog saved = disk.open(Fetcher.forLocation(key.location()), key.signer());
    return new Held(saved.catalog(), saved.savedAt());
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
