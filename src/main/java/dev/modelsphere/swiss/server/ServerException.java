package dev.modelsphere.swiss.server;

/** The server cannot start as configured; the message says what to change. */
public final class ServerException extends RuntimeException {
  public ServerException(String message) {
    super(message);
  }

  public ServerException(String message, Throwable cause) {
    super(message, cause);
  }
}
