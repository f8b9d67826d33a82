package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;

/**
 * The site's profile or catalogs could not answer; {@link #kind()} says why: a catalog no one
 * configured ({@link ErrorKind#INVALID}), a model or version the catalog lacks ({@link
 * ErrorKind#NOT_FOUND}), a catalog or chart repository that failed ({@link
 * ErrorKind#UPSTREAM_FAILED}), a profile that cannot be read ({@link ErrorKind#UNAVAILABLE}).
 */
public final class SiteStateException extends DomainException {

  public SiteStateException(ErrorKind kind, String message) {
    super(kind, message);
  }

  public SiteStateException(ErrorKind kind, String message, Throwable cause) {
    super(kind, message, cause);
  }
}
