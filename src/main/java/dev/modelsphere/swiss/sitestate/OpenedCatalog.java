package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.site.CatalogRepo;

/** One of the site's catalogs, opened: its name as the site lists it and its index. */
public record OpenedCatalog(CatalogRepo repo, Catalog catalog) {

  public String name() {
    return repo.name();
  }
}
