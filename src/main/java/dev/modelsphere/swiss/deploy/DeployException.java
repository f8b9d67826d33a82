package dev.modelsphere.swiss.deploy;

/**
 * A deploy operation was refused or failed. {@link #reason()} says which kind, so the server can
 * answer with the matching status and the CLI with a clear message.
 */
public final class DeployException extends RuntimeException {

  public enum Reason {
    /** The request itself is incomplete or wrong. */
    BAD_REQUEST(400),
    /** The release, revision or archived plan does not exist. */
    NOT_FOUND(404),
    /** The release is not in the state the operation needs (exists, pending, moved, busy). */
    CONFLICT(409),
    /** The operation started and failed. */
    FAILED(500),
    /** The cluster could not be read. */
    UNAVAILABLE(502);

    private final int httpStatus;

    Reason(int httpStatus) {
      this.httpStatus = httpStatus;
    }

    public int httpStatus() {
      return httpStatus;
    }
  }

  private final Reason reason;

  public DeployException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public DeployException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
