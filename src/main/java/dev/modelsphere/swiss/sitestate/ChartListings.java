package dev.modelsphere.swiss.sitestate;

import com.github.benmanes.caffeine.cache.Cache;
import dev.modelsphere.swiss.catalog.ChartVersionLister;
import dev.modelsphere.swiss.chartrepo.ChartVersions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The versions each chart repository lists, kept for one TTL ({@code server.cacheTTL}) so the form
 * and the plans composed from it read a registry once, not once per request. A failed listing is
 * not kept. Thread-safe.
 */
public final class ChartListings {

  /** Lists a chart's versions; production lists chart repositories through {@code chartrepo}. */
  @FunctionalInterface
  public interface Lister {
    List<String> list(String repo, String path, String name);
  }

  private record Key(String repo, String path, String name) {}

  private final Lister lister;
  private final Cache<Key, List<String>> listed;

  public ChartListings(Duration ttl, Clock clock, Lister lister) {
    this.lister = lister;
    this.listed = Expiring.afterWrite(ttl, clock);
  }

  /** Listings read from the chart path or repository the site profile names. */
  public static ChartListings ofRepositories(Duration ttl, Clock clock) {
    return new ChartListings(ttl, clock, ChartVersions::list);
  }

  /**
   * The versions of chart {@code name} where {@code repo} or {@code path} says charts live.
   *
   * @throws RuntimeException what the lister throws when the source cannot be read ({@code
   *     chartrepo.RepoException} for the real one)
   */
  public List<String> versions(String repo, String path, String name) {
    Key key = new Key(repo, path, name);
    List<String> held = listed.getIfPresent(key);
    if (held != null) {
      return held;
    }
    // Listed outside the cache's lock (not Cache.get(key, list)): a registry can take as long as
    // its timeouts, and the lock is shared with other keys. A failed listing throws before put.
    List<String> fresh = List.copyOf(lister.list(repo, path, name));
    listed.put(key, fresh);
    return fresh;
  }

  /** A lister for chart version resolution that reads through this cache. */
  public ChartVersionLister listerFor(String repo, String path, String name) {
    return () -> versions(repo, path, name);
  }
}
