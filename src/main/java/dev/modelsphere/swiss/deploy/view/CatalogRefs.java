package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.values.Nulls;
import java.util.Map;
import java.util.Optional;

/**
 * What the deployments view needs to know of the site's catalogs, handed in by the caller that
 * opened them: each one's current ref, and which catalog a release belongs to.
 *
 * @param current catalog name to its current ref, for the catalogs that could be opened
 * @param soleRef the ref when the site has exactly one catalog, else empty
 * @param releaseCatalog the rule of reference server.md §1.7 {@code ReleaseCatalog}
 */
public record CatalogRefs(
    Map<String, String> current, String soleRef, ReleaseCatalogRule releaseCatalog) {

  /**
   * Which of the site's catalogs a release belongs to, from what its plan records.
   *
   * <p>Empty when it belongs to none the site lists (the row then names no catalog).
   */
  @FunctionalInterface
  public interface ReleaseCatalogRule {
    Optional<String> catalogOf(String planCatalogName, String planSource);
  }

  public CatalogRefs {
    current = Map.copyOf(current);
    soleRef = Nulls.orEmpty(soleRef);
  }

  /** No catalog could be opened: no row is compared with one. */
  public static CatalogRefs none() {
    return new CatalogRefs(Map.of(), "", (name, source) -> Optional.empty());
  }
}
