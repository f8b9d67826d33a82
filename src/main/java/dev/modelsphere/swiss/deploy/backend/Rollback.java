package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.values.Nulls;

/**
 * A rollback to an earlier revision (reference server.md §4.10): both revisions are required, so a
 * rollback cannot overwrite an apply that landed after the caller looked.
 *
 * @param forceChart roll back even though the repository no longer serves the chart archive the
 *     revision ran (a re-pushed version); recorded in status.yaml
 */
public record Rollback(int toRevision, int expectRevision, String note, boolean forceChart) {
  public Rollback {
    note = Nulls.orEmpty(note);
  }

  public Rollback(int toRevision, int expectRevision, String note) {
    this(toRevision, expectRevision, note, false);
  }
}
