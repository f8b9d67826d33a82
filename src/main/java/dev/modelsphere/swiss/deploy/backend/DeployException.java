package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.error.ErrorReason;

/**
 * A deploy operation was refused or failed; {@link #kind()} says which. A failure after the write
 * reached the cluster ({@link ErrorKind#FAILED}, or a refusal by the cluster itself) is {@link
 * #recorded()} as a run; a refusal before anything was written is answered and not recorded.
 */
public final class DeployException extends DomainException {
  private final boolean recorded;

  public DeployException(ErrorKind kind, String message) {
    this(kind, message, (Throwable) null);
  }

  public DeployException(ErrorKind kind, String message, Throwable cause) {
    super(kind, message, cause);
    this.recorded = kind == ErrorKind.FAILED;
  }

  private DeployException(ErrorKind kind, String message, boolean recorded) {
    super(kind, message);
    this.recorded = recorded;
  }

  private DeployException(ErrorKind kind, ErrorReason reason, String message) {
    super(kind, reason, message);
    this.recorded = false;
  }

  /**
   * A write refused before anything was written because the site requires an approval of exactly it
   * and there is none to spend: a client can ask for one and send the write again.
   */
  public static DeployException approvalRequired(String message) {
    return new DeployException(ErrorKind.CONFLICT, ErrorReason.APPROVAL_REQUIRED, message);
  }

  /**
   * The cluster itself refused a write that reached it (RBAC, an admission policy): the kind is the
   * cluster's reason, and like a failure it goes in the audit log.
   */
  public static DeployException refusedByCluster(ErrorKind kind, String message) {
    return new DeployException(kind, message, true);
  }

  /** The write reached the cluster and did not succeed: the audit log records the attempt. */
  public boolean recorded() {
    return recorded;
  }
}
