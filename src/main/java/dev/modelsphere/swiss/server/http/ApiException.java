package dev.modelsphere.swiss.server.http;

/**
 * A request cannot be answered as asked; it becomes {@code {"error": message}} with this status.
 * The message is shown to the client, so it says what is wrong and what to do, never internals.
 */
public final class ApiException extends RuntimeException {
  private final int status;

  public ApiException(int status, String message) {
    super(message);
    this.status = status;
  }

  public int status() {
    return status;
  }
}
