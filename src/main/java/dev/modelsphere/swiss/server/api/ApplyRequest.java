package dev.modelsphere.swiss.server.api;

import dev.modelsphere.swiss.values.Nulls;

/**
 * The body of {@code POST /api/apply} and {@code POST /api/install} (reference server.md §4.8).
 *
 * @param expectRevision the revision the caller saw (from its diff); 0 asserts nothing
 * @param forceConflicts per apply, never stored in the plan
 * @param adopt on an install: adopt the release installed without swiss instead of creating it
 * @param expectChartDigest the chart digest the caller's diff showed; empty asserts nothing
 */
public record ApplyRequest(
    String planHash,
    int expectRevision,
    String note,
    boolean forceConflicts,
    boolean adopt,
    String expectChartDigest) {
  public ApplyRequest {
    planHash = Nulls.orEmpty(planHash);
    note = Nulls.orEmpty(note);
    expectChartDigest = Nulls.orEmpty(expectChartDigest);
  }

  public ApplyRequest(
      String planHash, int expectRevision, String note, boolean forceConflicts, boolean adopt) {
    this(planHash, expectRevision, note, forceConflicts, adopt, "");
  }
}
