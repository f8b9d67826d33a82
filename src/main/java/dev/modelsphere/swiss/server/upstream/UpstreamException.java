package dev.modelsphere.swiss.server.upstream;

/**
 * A call to another service cannot be made as configured (no entrypoint, no credential) or could
 * not reach it. The message names the setting or address at fault; routes choose the status.
 */
public final class UpstreamException extends RuntimeException {
  public UpstreamException(String message) {
    super(message);
  }

  public UpstreamException(String message, Throwable cause) {
    super(message, cause);
  }
}
