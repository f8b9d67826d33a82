package dev.modelsphere.swiss.helm;

/** Helm could not do what was asked: fetch a chart, render it, or change a release. */
public class HelmException extends RuntimeException {

  public HelmException(String message) {
    super(message);
  }

  public HelmException(String message, Throwable cause) {
    super(message, cause);
  }
}
