package dev.modelsphere.swiss.error;

/**
 * A failure of the domain, with its {@link ErrorKind} and its cause. The message is shown to users,
 * so it says what went wrong and what to do; the cause is for the log.
 */
public class DomainException extends RuntimeException {
  private final ErrorKind kind;
  private final ErrorReason reason;

  public DomainException(ErrorKind kind, String message) {
    this(kind, ErrorReason.NONE, message, null);
  }

  public DomainException(ErrorKind kind, String message, Throwable cause) {
    this(kind, ErrorReason.NONE, message, cause);
  }

  /** A refusal a client acts on by itself ({@link ErrorReason}). */
  public DomainException(ErrorKind kind, ErrorReason reason, String message) {
    this(kind, reason, message, null);
  }

  private DomainException(ErrorKind kind, ErrorReason reason, String message, Throwable cause) {
    super(message);
    this.kind = kind;
    this.reason = reason;
    if (cause != null) {
      initCause(cause);
    }
  }

  public final ErrorKind kind() {
    return kind;
  }

  public final ErrorReason reason() {
    return reason;
  }
}
