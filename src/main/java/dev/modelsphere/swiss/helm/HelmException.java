package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;

/**
 * Helm could not do what was asked: fetch a chart, render it, read or change a release. Its kind is
 * set where it is thrown, which knows what failed (a chart the plan names, the cluster, a write),
 * and callers let it through rather than choosing another.
 */
public class HelmException extends DomainException {

  public HelmException(ErrorKind kind, String message) {
    super(kind, message);
  }

  public HelmException(ErrorKind kind, String message, Throwable cause) {
    super(kind, message, cause);
  }
}
