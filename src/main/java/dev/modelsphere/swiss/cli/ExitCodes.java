package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;

/**
 * The one table from a failure to the exit code of {@code swiss}. Like kubectl and helm, a failure
 * is 1 whatever went wrong; the two a pipeline acts on differently have codes of their own: 3 when
 * waiting and running again can help (what the answer needs is unavailable), 4 when only other
 * credentials can (forbidden). 2 is taken by {@code swiss diff} for "changes pending".
 */
final class ExitCodes {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int CHANGES_PENDING = 2;
  static final int TRY_AGAIN_LATER = 3;
  static final int FORBIDDEN = 4;

  private ExitCodes() {}

  static int of(ErrorKind kind) {
    return switch (kind) {
      case UNAVAILABLE -> TRY_AGAIN_LATER;
      case FORBIDDEN -> FORBIDDEN;
      case INVALID, NOT_FOUND, CONFLICT, FAILED, UPSTREAM_FAILED -> FAILED;
    };
  }

  /** The exit code of a command that threw {@code e}. */
  static int of(Throwable e) {
    return e instanceof DomainException domain ? of(domain.kind()) : FAILED;
  }
}
