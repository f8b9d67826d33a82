package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.kube.ObjectRefusal;
import java.util.List;

/**
 * A failure the Helm library reported, with the kind it gave it from the error's type. Only this
 * package sees it: {@link HelmFailures} turns it into a {@link HelmException} of the kind the
 * failing operation means.
 */
final class HelmLibraryError extends RuntimeException {

  /** The library's kinds ({@code native/helm/errors.go}). */
  enum Kind {
    /** Fields another field manager owns, or a revision someone else made meanwhile. */
    CONFLICT("conflict"),
    /** The API server refused objects as invalid; {@link #refusals()} names them. */
    INVALID("invalid"),
    /** No such release or revision. */
    NOT_FOUND("notFound"),
    /** The API server did not begin to answer a request within the call's silence limit. */
    SILENT("silent"),
    /** The call's deadline passed. */
    TIMEOUT("timeout"),
    /** swiss cancelled the call (its server stopping). */
    CANCELLED("cancelled"),
    FAILED("failed");

    private final String wire;

    Kind(String wire) {
      this.wire = wire;
    }

    static Kind of(String wire) {
      for (Kind kind : values()) {
        if (kind.wire.equals(wire)) {
          return kind;
        }
      }
      return FAILED;
    }
  }

  private final Kind kind;
  private final LibraryAnswer.Failure failure;

  HelmLibraryError(LibraryAnswer.Failure failure) {
    super(failure.message());
    this.kind = Kind.of(failure.kind());
    this.failure = failure;
  }

  Kind kind() {
    return kind;
  }

  List<FieldConflict> conflicts() {
    return failure.conflicts();
  }

  List<ObjectRefusal> refusals() {
    return failure.refusals();
  }
}
