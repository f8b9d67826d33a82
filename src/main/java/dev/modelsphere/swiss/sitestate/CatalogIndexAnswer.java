package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.Index;

/**
 * The body of {@code GET /api/catalog}: one catalog's index. The index lists variants without their
 * chart values, so the whole listing is one request however many models there are.
 *
 * @param name the catalog's name in the site's list
 * @param ref the digest of the exact index bytes
 * @param source the normalised index location, as plans record it
 */
public record CatalogIndexAnswer(String name, String ref, String source, Index index) {

  public static CatalogIndexAnswer of(OpenedCatalog opened) {
    return new CatalogIndexAnswer(
        opened.name(),
        opened.catalog().ref(),
        opened.catalog().location(),
        opened.catalog().index());
  }
}
