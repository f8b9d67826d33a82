package dev.modelsphere.swiss.server.api;

import dev.modelsphere.swiss.deploy.backend.Rollback;

/**
 * The body of {@code POST .../rollback} (reference server.md §4.10), member for member in
 * docs/openapi.yaml.
 *
 * @param forceChart roll back even though the repository no longer serves the chart archive the
 *     revision ran (a re-pushed version)
 */
public record RollbackRequest(int toRevision, int expectRevision, String note, boolean forceChart) {

  /** The body a client sends for {@code rollback}. */
  public static RollbackRequest of(Rollback rollback) {
    return new RollbackRequest(
        rollback.toRevision(), rollback.expectRevision(), rollback.note(), rollback.forceChart());
  }

  /** The rollback this body asks for. */
  public Rollback rollback() {
    return new Rollback(toRevision, expectRevision, note, forceChart);
  }
}
