package dev.modelsphere.swiss.catalog;

/**
 * A chart version spec, or a version asked of it, that cannot be used: the spec is neither a
 * version nor a range, a named version is outside the catalog's range, or no listed version is in
 * range. These are the deployer's or the catalog author's to fix, unlike a failed listing ({@link
 * ChartVersionListException}).
 */
public final class ChartVersionException extends RuntimeException {

  public ChartVersionException(String message) {
    super(message);
  }

  public ChartVersionException(String message, Throwable cause) {
    super(message, cause);
  }
}
