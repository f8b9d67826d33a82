package dev.modelsphere.swiss.sitestate;

/**
 * The site's profile or catalogs could not answer. {@link #reason()} says which kind, so the server
 * can answer with the reference's status for it.
 */
public final class SiteStateException extends RuntimeException {

  public enum Reason {
    /** The request names something that cannot be (a catalog no one configured, a bad body). */
    BAD_REQUEST(400),
    /** This server may not do what was asked (no cluster writer). */
    FORBIDDEN(403),
    /** The model, version or variant asked for does not exist in the catalog. */
    NOT_FOUND(404),
    /** Something built into swiss is broken (the default profile does not parse). */
    INTERNAL(500),
    /** A place the answer comes from (the cluster, a catalog, a chart repository) failed. */
    BAD_GATEWAY(502),
    /** The site profile the answer needs cannot be read or does not parse. */
    UNAVAILABLE(503);

    private final int httpStatus;

    Reason(int httpStatus) {
      this.httpStatus = httpStatus;
    }

    public int httpStatus() {
      return httpStatus;
    }
  }

  private final Reason reason;

  public SiteStateException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public SiteStateException(Reason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
