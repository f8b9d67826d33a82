package dev.modelsphere.swiss.catalog;

/** A catalog, index, version file or cache could not be used as it is. */
public final class CatalogException extends RuntimeException {
  public CatalogException(String message) {
    super(message);
  }

  public CatalogException(String message, Throwable cause) {
    super(message, cause);
  }
}
