package dev.modelsphere.swiss.compose;

/** The inputs do not make a plan. */
public final class ComposeException extends RuntimeException {
  public ComposeException(String message) {
    super(message);
  }

  public ComposeException(String message, Throwable cause) {
    super(message, cause);
  }
}
