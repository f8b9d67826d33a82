package dev.modelsphere.swiss.deploy.preflight;

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

  /** A problem of this rule. */
  default Problem problem(String field, String message) {
    return new Problem(name(), field, message);
  }
}
