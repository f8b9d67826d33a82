package dev.modelsphere.swiss.store;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * The database could not be opened, migrated, read or written; the message says which. A database
 * that cannot be reached is {@link ErrorKind#UNAVAILABLE}, which a client retries; anything else is
 * a {@link ErrorKind#FAILED} of ours.
 */
public final class StoreException extends DomainException {
  public StoreException(String message) {
    super(ErrorKind.FAILED, message);
  }

  public StoreException(String message, Throwable cause) {
    super(ErrorKind.FAILED, message, cause);
  }

  private StoreException(ErrorKind kind, String message, Throwable cause) {
    super(kind, message, cause);
  }

  /** A failed statement, of the kind its SQL state says. */
  static StoreException of(String message, SQLException cause) {
    return new StoreException(
        unreachable(cause) ? ErrorKind.UNAVAILABLE : ErrorKind.FAILED, message, cause);
  }

  /**
   * No connection, or one the server dropped: SQL state class 08 (connection exception) and
   * PostgreSQL's 57P01-57P03 (the server shutting down or starting up).
   */
  private static boolean unreachable(SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    return e instanceof SQLTransientConnectionException
        || state.startsWith("08")
        || state.startsWith("57P0");
  }
}
