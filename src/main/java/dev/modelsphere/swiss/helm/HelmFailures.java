package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;
import java.time.Duration;

/**
 * Turns the Helm library's failures into {@link HelmException}s whose kind is set here, once, from
 * the library's kind and what the failing operation was: the one place a helm failure gets its
 * kind, so no caller re-wraps it with another.
 *
 * @param doing the operation as a user would write it ({@code helm upgrade ns/release})
 * @param failed the kind of a plain failure of this operation: FAILED for a write that started,
 *     UPSTREAM_FAILED for a read of the cluster, INVALID for a render of the plan's chart
 * @param silence the API server's silence limit the call ran under
 */
record HelmFailures(String doing, ErrorKind failed, Duration silence) {

  HelmException of(HelmLibraryError e) {
    String helm = e.getMessage().strip();
    return switch (e.kind()) {
      case CONFLICT ->
          e.conflicts().isEmpty()
              ? new HelmException(ErrorKind.CONFLICT, doing + ": " + helm, e)
              : new ApplyConflict(doing, e.conflicts(), e);
      case INVALID ->
          e.refusals().isEmpty()
              ? new HelmException(failed, doing + ": " + helm, e)
              : new ObjectsRefused(doing, e.refusals(), e);
      case NOT_FOUND -> new HelmException(ErrorKind.NOT_FOUND, doing + ": " + helm, e);
      case SILENT -> new HelmException(failed, silent(helm), e);
      // Ran out of time, as a route past its deadline does: try again later.
      case TIMEOUT ->
          new HelmException(
              ErrorKind.UNAVAILABLE,
              "%s ran out of time before it ended: %s. What it sent may still land: `swiss status`"
                      .formatted(doing, helm)
                  + " shows what runs",
              e);
      case CANCELLED ->
          new HelmException(
              ErrorKind.UNAVAILABLE,
              "%s was stopped: swiss is shutting down (%s); send it again to the server that runs"
                  .formatted(doing, helm),
              e);
      case FAILED -> new HelmException(failed, doing + ": " + helm, e);
    };
  }

  /**
   * Helm gave up on a request the API server did not begin to answer within the limit. The API
   * server may still carry out what it was sent once it answers again: the caller says what runs.
   */
  private String silent(String helm) {
    long millis = silence.toMillis();
    String limit = millis % 1000 == 0 ? millis / 1000 + " seconds" : millis + " ms";
    return ("%s gave up: the API server has not answered for %s (%s, the limit of its silence)."
            + " What it was sent may still land once it answers again: `swiss status` shows"
            + " what runs. Helm: %s")
        .formatted(doing, silence, limit, helm);
  }
}
