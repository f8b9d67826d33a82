package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.values.Nulls;

/**
 * The body of {@code POST .../rollback} (reference server.md §4.10): both revisions are required,
 * so a rollback cannot overwrite an apply that landed after the caller looked.
 */
public record RollbackRequest(int toRevision, int expectRevision, String note) {
  public RollbackRequest {
    note = Nulls.orEmpty(note);
  }
}
