package dev.modelsphere.swiss.values;

/** A values tree could not be built or changed as asked. */
public final class ValuesException extends RuntimeException {
  public ValuesException(String message) {
    super(message);
  }
}
