package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.CatalogException;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.CatalogRepo;

/**
 * The site's catalogs, listed from the profile (or the config) as it reads now, and opened through
 * the catalog cache.
 */
public final class SiteCatalogs {
  private final SiteProfiles profiles;
  private final Config config;
  private final CatalogCache cache;

  public SiteCatalogs(SiteProfiles profiles, Config config, CatalogCache cache) {
    this.profiles = profiles;
    this.config = config;
    this.cache = cache;
  }

  /** The catalogs the site offers now; an unreadable profile falls back to the config's. */
  public CatalogList list() {
    return CatalogList.of(profiles.profileIfReadable(), config);
  }

  /**
   * The catalog a request names (or the default one), opened.
   *
   * @throws SiteStateException {@code BAD_REQUEST} for a name that resolves to no catalog, {@code
   *     BAD_GATEWAY} when it cannot be fetched and no copy is held
   */
  public OpenedCatalog open(String name) {
    return open(list().resolve(name));
  }

  /**
   * One listed catalog, opened.
   *
   * @throws SiteStateException {@code BAD_GATEWAY} when it cannot be fetched and no copy is held
   */
  public OpenedCatalog open(CatalogRepo repo) {
    return new OpenedCatalog(repo, cache.open(repo.url(), repo.signer()));
  }

  /**
   * A model version from the named (or default) catalog.
   *
   * @param version null or empty for the model's latest
   * @throws SiteStateException as {@link #open(String)}, and {@code NOT_FOUND} when the model or
   *     version is not in the catalog or its version file cannot be used
   */
  public CatalogEntry entry(String catalogName, String model, String version) {
    OpenedCatalog opened = open(catalogName);
    try {
      return new CatalogEntry(opened, opened.catalog().entry(model, version));
    } catch (CatalogException e) {
      throw new SiteStateException(ErrorKind.NOT_FOUND, e.getMessage(), e);
    }
  }

  /** The cache behind these catalogs, for readiness. */
  public CatalogCache cache() {
    return cache;
  }
}
