package dev.modelsphere.swiss.deploy.llmservicebackend;

/**
 * What an LLMService uninstall came to, and so what the caller must answer and record (canary.md
 * §6). The uninstaller records nothing itself: the caller owns the audit log.
 *
 * @param apiStatus the HTTP status to answer with; for {@link Result#REJECTED} the API server's own
 * @param message why, for every result but {@link Result#UNINSTALLED}
 * @param planError for {@link Result#UNINSTALLED} only: why the plan ConfigMap a migration left
 *     could not be removed; empty when it was, or when there was none
 */
public record UninstallOutcome(
    String namespace,
    String release,
    Result result,
    int apiStatus,
    String message,
    String planError) {

  public enum Result {
    /** The object is gone: record a successful uninstall run. */
    UNINSTALLED,
    /** There was no object, or someone else removed it: answer 404, record nothing. */
    NOT_FOUND,
    /** The object changed hands or was applied in between; nothing deleted: 409, record nothing. */
    CONFLICT,
    /**
     * The API server refused the delete; the release is unchanged: answer with its status and
     * message, record a failed run.
     */
    REJECTED
  }

  /** Which run, if any, the caller must record for this outcome. */
  public enum Run {
    NONE,
    SUCCEEDED,
    FAILED
  }

  static UninstallOutcome uninstalled(String namespace, String release, String planError) {
    return new UninstallOutcome(namespace, release, Result.UNINSTALLED, 200, "", planError);
  }

  static UninstallOutcome notFound(String namespace, String release, String message) {
    return new UninstallOutcome(namespace, release, Result.NOT_FOUND, 404, message, "");
  }

  static UninstallOutcome conflict(String namespace, String release, String message) {
    return new UninstallOutcome(namespace, release, Result.CONFLICT, 409, message, "");
  }

  static UninstallOutcome rejected(String namespace, String release, int status, String message) {
    return new UninstallOutcome(namespace, release, Result.REJECTED, status, message, "");
  }

  public Run runToRecord() {
    return switch (result) {
      case UNINSTALLED -> Run.SUCCEEDED;
      case REJECTED -> Run.FAILED;
      case NOT_FOUND, CONFLICT -> Run.NONE;
    };
  }
}
