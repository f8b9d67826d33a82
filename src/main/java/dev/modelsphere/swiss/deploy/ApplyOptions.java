package dev.modelsphere.swiss.deploy;

/**
 * How one apply runs.
 *
 * @param expectRevision the revision the caller looked at; 0 asserts nothing
 * @param action {@code install}, {@code apply} or {@code rollback}, recorded in status.yaml
 * @param note free text recorded beside the plan
 * @param forceConflicts take over fields another field manager owns (both backends apply
 *     server-side); never set by a rollback
 */
public record ApplyOptions(int expectRevision, String action, String note, boolean forceConflicts) {

  public ApplyOptions {
    action = action == null ? "" : action;
    note = note == null ? "" : note;
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
    return new ApplyOptions(expectRevision, action, note, true);
  }
}
