package dev.modelsphere.swiss.plan;

/** A plan that cannot be read, verified, hashed or rendered. */
public class PlanException extends RuntimeException {
  public PlanException(String message) {
    super(message);
  }

  public PlanException(String message, Throwable cause) {
    super(message, cause);
  }
}
