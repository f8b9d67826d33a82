package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.CatalogException;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.error.ErrorKind;

/** One model version found in one of the site's catalogs. */
public record CatalogEntry(OpenedCatalog catalog, Entry entry) {

  /**
   * The variant a request names, or the entry's default variant.
   *
   * @param id null or empty for the default
   * @throws SiteStateException {@code NOT_FOUND} when the entry has no such variant
   */
  public Variant variant(String id) {
    try {
      return id == null || id.isEmpty() ? entry.defaultVariant() : entry.variant(id);
    } catch (CatalogException e) {
      throw new SiteStateException(ErrorKind.NOT_FOUND, e.getMessage(), e);
    }
  }
}
