package dev.modelsphere.swiss.chartrepo;

/**
 * A chart repository could not be read. {@link #repo()} is what could not be read, named as the
 * operator configured it ({@code oci://host/path/name}, {@code <repo>/index.yaml}, an archive URL
 * the index gave, a local {@code Chart.yaml}), never a token endpoint.
 */
public final class RepoException extends RuntimeException {

  private final String repo;
  private final int status;
  private final String detail;

  /** The repository answered with HTTP {@code status}; {@code detail} is what it said, or null. */
  public RepoException(String repo, int status, String detail) {
    super(message(repo, status, detail, null));
    this.repo = repo;
    this.status = status;
    this.detail = detail;
  }

  /** The repository could not be read, or what it returned is unusable, for {@code reason}. */
  public RepoException(String repo, String reason) {
    this(repo, reason, null);
  }

  /** Reading the repository failed with {@code cause}. */
  public RepoException(String repo, Throwable cause) {
    this(repo, describe(cause), cause);
  }

  /** Reading the repository failed with {@code cause}, described as {@code reason}. */
  public RepoException(String repo, String reason, Throwable cause) {
    super(message(repo, 0, null, reason), cause);
    this.repo = repo;
    this.status = 0;
    this.detail = null;
  }

  /** The repository location as the profile names it; null when there is none. */
  public String repo() {
    return repo;
  }

  /** The HTTP status the repository answered with, or 0 when the failure had none. */
  public int status() {
    return status;
  }

  /** What the repository said about the failure, or null. */
  public String detail() {
    return detail;
  }

  /** Whether the repository refused an anonymous read (401 or 403). */
  public boolean needsLogin() {
    return status == 401 || status == 403;
  }

  private static String message(String repo, int status, String detail, String reason) {
    String where = repo == null || repo.isEmpty() ? "" : repo;
    String message;
    if (status == 401 || status == 403) {
      message =
          where
              + " refused an anonymous read ("
              + HttpStatusText.of(status)
              + "): it needs a login, which swissd does not have, or the chart is not there";
    } else if (status != 0) {
      message = where + ": " + HttpStatusText.of(status);
    } else {
      message = where.isEmpty() ? reason : where + ": " + reason;
    }
    return detail == null || detail.isEmpty()
        ? message
        : message + " -- the repository says: " + detail;
  }

  private static String describe(Throwable cause) {
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }
}
