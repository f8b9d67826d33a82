package dev.modelsphere.swiss.server.http;

import java.util.Optional;

/**
 * What a path parameter must look like, checked before its route runs: a value that cannot name
 * anything answers 400 with the rule, instead of a lookup that fails further down (and reads as a
 * failed upstream).
 */
@FunctionalInterface
public interface ParamRule {
  /** Why {@code value} breaks the rule; empty when it keeps it. */
  Optional<String> problem(String value);
}
