package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.error.ErrorKind;
import java.util.List;

/**
 * One preflight check. It reports every problem it finds, never throws for one; it may throw when
 * it cannot check at all (the cluster does not answer), and {@link Preflight} reports that as this
 * rule's problem.
 */
public interface PreflightRule {

  /** A short stable name, as {@link Problem#rule()}: {@code route-collision}. */
  String name();

  /** Every problem the proposal has under this rule; empty when it passes. */
  List<Problem> check(Proposal proposal);

  /**
   * What kind of refusal this rule's problems make of a write: {@link ErrorKind#CONFLICT}, the
   * cluster's state, unless the rule says the request must change.
   */
  default ErrorKind kind() {
    return ErrorKind.CONFLICT;
  }

  /** A problem of this rule, of its {@link #kind()}. */
  default Problem problem(String field, String message) {
    return problem(kind(), field, message);
  }

  /** A problem of this rule of another kind than its own. */
  default Problem problem(ErrorKind kind, String field, String message) {
    return new Problem(name(), field, message, kind);
  }
}
