package dev.modelsphere.swiss.deploy.backend;

/**
 * How one apply runs.
 *
 * @param expectRevision the revision the caller looked at; 0 asserts nothing
 * @param action {@code install}, {@code apply} or {@code rollback}, recorded in status.yaml
 * @param note free text recorded beside the plan
 * @param forceConflicts take over fields another field manager owns (both backends apply
 *     server-side); never set by a rollback
 * @param expectChartDigest the chart digest the caller's diff showed: the apply is refused when the
 *     chart has another now (a re-pushed version); empty asserts nothing
 * @param chartForcedFrom a rollback's only: the restored revision's chart digest, which the chart
 *     no longer has and the caller chose to go past; recorded in status.yaml
 * @param skipPreflight the caller skips preflight ({@code --skip-preflight}): the write is not
 *     checked by it, and status.yaml says so, where the release's history shows it
 */
public record ApplyOptions(
    int expectRevision,
    String action,
    String note,
    boolean forceConflicts,
    String expectChartDigest,
    String chartForcedFrom,
    boolean skipPreflight) {

  public ApplyOptions {
    action = action == null ? "" : action;
    note = note == null ? "" : note;
    expectChartDigest = expectChartDigest == null ? "" : expectChartDigest;
    chartForcedFrom = chartForcedFrom == null ? "" : chartForcedFrom;
  }

  public ApplyOptions(
      int expectRevision,
      String action,
      String note,
      boolean forceConflicts,
      String expectChartDigest,
      String chartForcedFrom) {
    this(expectRevision, action, note, forceConflicts, expectChartDigest, chartForcedFrom, false);
  }

  public ApplyOptions(int expectRevision, String action, String note, boolean forceConflicts) {
    this(expectRevision, action, note, forceConflicts, "", "");
  }

  public ApplyOptions(int expectRevision, String action, String note) {
    this(expectRevision, action, note, false);
  }

  public static ApplyOptions install() {
    return new ApplyOptions(0, "install", "");
  }

  public static ApplyOptions apply(int expectRevision) {
    return new ApplyOptions(expectRevision, "apply", "");
  }

  public ApplyOptions forcingConflicts() {
    return new ApplyOptions(
        expectRevision, action, note, true, expectChartDigest, chartForcedFrom, skipPreflight);
  }

  /** These options, refusing the apply unless the chart still has {@code digest}. */
  public ApplyOptions expectingChart(String digest) {
    return new ApplyOptions(
        expectRevision, action, note, forceConflicts, digest, chartForcedFrom, skipPreflight);
  }

  /** These options, with preflight skipped and the skip recorded beside the release. */
  public ApplyOptions skippingPreflight() {
    return new ApplyOptions(
        expectRevision, action, note, forceConflicts, expectChartDigest, chartForcedFrom, true);
  }
}
