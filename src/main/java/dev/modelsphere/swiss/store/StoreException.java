package dev.modelsphere.swiss.store;

/** The database could not be opened, migrated, read or written; the message says which. */
public final class StoreException extends RuntimeException {
  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
