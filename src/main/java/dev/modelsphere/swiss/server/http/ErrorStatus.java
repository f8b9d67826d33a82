package dev.modelsphere.swiss.server.http;

import dev.modelsphere.swiss.error.ErrorKind;

/** The one table from a kind of domain failure to the HTTP status that answers it. */
public final class ErrorStatus {
  private ErrorStatus() {}

  public static int of(ErrorKind kind) {
    return switch (kind) {
      case INVALID -> 400;
      case FORBIDDEN -> 403;
      case NOT_FOUND -> 404;
      case CONFLICT -> 409;
      case FAILED -> 500;
      // The reference answers 502 when the cluster or a catalog it reads fails, 503 when what it
      // needs (the site profile, the database) is not there: clients retry on the second only.
      case UPSTREAM_FAILED -> 502;
      case UNAVAILABLE -> 503;
    };
  }

  /**
   * The kind of failure a swiss server's error status stands for: the table above, read backwards
   * (a client of the API fails as the server did). A status outside it is a failure.
   */
  public static ErrorKind kindOf(int status) {
    for (ErrorKind kind : ErrorKind.values()) {
      if (of(kind) == status) {
        return kind;
      }
    }
    return status == 401 ? ErrorKind.FORBIDDEN : ErrorKind.FAILED;
  }
}
