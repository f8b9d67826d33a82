package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.IndexVersion;
import dev.modelsphere.swiss.deploy.view.CatalogRefs;
import dev.modelsphere.swiss.deploy.view.EntryDigests;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.site.CatalogRepo;
import dev.modelsphere.swiss.sitestate.CatalogList;
import dev.modelsphere.swiss.sitestate.SiteCatalogs;
import dev.modelsphere.swiss.sitestate.SiteStateException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the release views ask of the site's catalogs (which catalog a release belongs to, its
 * current ref, an entry's current digest), answered through the site's catalog cache.
 *
 * <p>A catalog that cannot be read is left out rather than failing the page, as in the reference: a
 * release whose catalog is unreadable is simply not compared with it.
 */
public final class CatalogLookups {
  private final SiteCatalogs catalogs;

  public CatalogLookups(SiteCatalogs catalogs) {
    this.catalogs = catalogs;
  }

  /** The current ref of every catalog that can be opened, and the rule that places a release. */
  public CatalogRefs refs() {
    CatalogList list = catalogs.list();
    Map<String, String> current = new LinkedHashMap<>();
    for (CatalogRepo repo : list.repos()) {
      currentRef(repo).ifPresent(ref -> current.put(repo.name(), ref));
    }
    String soleRef =
        list.repos().size() == 1 ? current.getOrDefault(list.repos().get(0).name(), "") : "";
    return new CatalogRefs(
        current,
        soleRef,
        (name, source) -> releaseCatalog(list, name, source).map(CatalogRepo::name));
  }

  /** The digest the release's catalog lists today for the entry its plan was composed from. */
  public EntryDigests digests() {
    return this::currentDigest;
  }

  private Optional<String> currentDigest(Plan plan) {
    SourceRef source = plan.source();
    return releaseCatalog(catalogs.list(), source.catalogName(), source.catalog())
        .flatMap(this::opened)
        .flatMap(catalog -> catalog.index().model(source.model()))
        .flatMap(
            model ->
                model.versions().stream()
                    .filter(v -> v.version().equals(source.version()))
                    .findFirst())
        .map(IndexVersion::digest);
  }

  private Optional<String> currentRef(CatalogRepo repo) {
    return opened(repo).map(Catalog::ref);
  }

  private Optional<Catalog> opened(CatalogRepo repo) {
    try {
      return Optional.of(catalogs.open(repo).catalog());
    } catch (SiteStateException unreadable) {
      return Optional.empty();
    }
  }

  private static Optional<CatalogRepo> releaseCatalog(
      CatalogList list, String planCatalogName, String planSource) {
    try {
      return Optional.of(list.forRelease(planCatalogName, planSource));
    } catch (SiteStateException noneMatches) {
      return Optional.empty();
    }
  }
}
