package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.IndexCache;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * The site as one server process holds it: its profile and the writer of it, its catalogs, the
 * chart listings and the cluster view, sharing one set of caches.
 */
public record SiteState(
    SiteProfiles profiles,
    ProfileWriter profileWriter,
    SiteCatalogs catalogs,
    ChartListings chartListings,
    ClusterView clusterView) {

  /**
   * Wires the site from a validated config: caches live for {@code server.cacheTTL}, catalog
   * indexes are saved under {@link Config#catalogCacheDir()}, the profile is read and written
   * through {@code kube}.
   *
   * @param version this server's version, for the cluster view
   */
  public static SiteState open(
      Config config, Kube kube, String version, LlmServiceAccess llmServices, Clock clock) {
    Duration ttl = config.server().cacheTTL();
    SiteProfiles profiles =
        new SiteProfiles(ProfileStore.of(config.cluster().profile(), kube::configMap), ttl, clock);
    CatalogCache cache =
        new CatalogCache(ttl, IndexCache.at(Path.of(config.catalogCacheDir())), clock);
    SiteCatalogs catalogs = new SiteCatalogs(profiles, config, cache);
    return new SiteState(
        profiles,
        ProfileWriter.writingWith(profiles, kube::putConfigMapKey),
        catalogs,
        ChartListings.ofRepositories(ttl, clock),
        new ClusterView(profiles, catalogs, config, version, llmServices));
  }
}
