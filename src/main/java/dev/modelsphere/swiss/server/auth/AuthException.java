package dev.modelsphere.swiss.server.auth;

/** The login credentials cannot be read, or a token cannot be issued or trusted. */
public final class AuthException extends RuntimeException {
  public AuthException(String message) {
    super(message);
  }

  public AuthException(String message, Throwable cause) {
    super(message, cause);
  }
}
