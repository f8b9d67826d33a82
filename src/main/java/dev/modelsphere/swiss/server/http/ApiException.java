package dev.modelsphere.swiss.server.http;

/**
 * A request cannot be answered as asked for a reason only HTTP knows (a body that is not JSON, a
 * path parameter that is not a number); it becomes {@code {"error": message}} with this status.
 * Failures of the domain are {@link dev.modelsphere.swiss.error.DomainException}s instead, answered
 * through {@link ErrorStatus}. The message is shown to the client, so it says what is wrong and
 * what to do, never internals; the cause goes to the log.
 */
public final class ApiException extends RuntimeException {
  private final int status;

  public ApiException(int status, String message) {
    super(message);
    this.status = status;
  }

  public ApiException(int status, String message, Throwable cause) {
    super(message, cause);
    this.status = status;
  }

  public int status() {
    return status;
  }
}
