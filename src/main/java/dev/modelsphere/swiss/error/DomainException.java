package dev.modelsphere.swiss.error;

/**
 * A failure of the domain, with its {@link ErrorKind} and its cause. The message is shown to users,
 * so it says what went wrong and what to do; the cause is for the log.
 */
public class DomainException extends RuntimeException {
  private final ErrorKind kind;

  public DomainException(ErrorKind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public DomainException(ErrorKind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  public final ErrorKind kind() {
    return kind;
  }
}
