package dev.modelsphere.swiss.catalog;

/** A catalog, index, version file or cache could not be used as it is. */
public final class CatalogException extends RuntimeException {
  public CatalogException(String message) {
    super(message);
  }

  public CatalogException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * A model has no {@code kind} named {@code wanted}; the message lists what it has, so the next
   * request can name one.
   */
  static CatalogException missing(String model, String kind, String wanted, String have) {
    return new CatalogException(
        "model \"%s\" has no %s \"%s\" (have: %s)".formatted(model, kind, wanted, have));
  }
}
