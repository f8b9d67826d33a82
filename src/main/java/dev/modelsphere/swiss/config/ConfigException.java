package dev.modelsphere.swiss.config;

/** The config document could not be found, read or decoded, or it breaks a rule. */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
