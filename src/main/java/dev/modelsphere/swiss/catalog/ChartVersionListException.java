package dev.modelsphere.swiss.catalog;

/**
 * The chart version could not be resolved because the chart's versions could not be listed (no
 * repository to ask, or the repository failed). The way out is always the same: name a version. The
 * server answers this with 502.
 */
public final class ChartVersionListException extends RuntimeException {

  private final String spec;
  private final String reason;

  /** The listing failed with {@code cause}. */
  public ChartVersionListException(String spec, Throwable cause) {
    this(spec, describe(cause), cause);
  }

  /** The listing could not be attempted, for {@code reason}. */
  public ChartVersionListException(String spec, String reason) {
    this(spec, reason, null);
  }

  private ChartVersionListException(String spec, String reason, Throwable cause) {
    super(
        "cannot resolve chart version \""
            + spec
            + "\": "
            + reason
            + ". Name a chart version to deploy without listing the repository",
        cause);
    this.spec = spec;
    this.reason = reason;
  }

  /** The chart version spec that needed a listing. */
  public String spec() {
    return spec;
  }

  /** Why the versions could not be listed. */
  public String reason() {
    return reason;
  }

  private static String describe(Throwable cause) {
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }
}
