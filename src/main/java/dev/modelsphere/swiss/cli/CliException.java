package dev.modelsphere.swiss.cli;

/** A command cannot go on; the message says why and what to do. */
public final class CliException extends RuntimeException {
  public CliException(String message) {
    super(message);
  }
}
