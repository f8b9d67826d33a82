package dev.modelsphere.swiss.site;

/** A site profile could not be read, or it breaks a rule, or a value cannot be derived from it. */
public final class ProfileException extends RuntimeException {
  public ProfileException(String message) {
    super(message);
  }

  public ProfileException(String message, Throwable cause) {
    super(message, cause);
  }
}
