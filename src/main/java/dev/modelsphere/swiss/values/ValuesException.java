package dev.modelsphere.swiss.values;

/** A values tree or a document could not be read, built or changed as asked. */
public final class ValuesException extends RuntimeException {
  public ValuesException(String message) {
    super(message);
  }

  public ValuesException(String message, Throwable cause) {
    super(message, cause);
  }
}
