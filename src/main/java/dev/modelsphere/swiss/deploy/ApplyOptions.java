package dev.modelsphere.swiss.deploy;

/**
 * How one apply runs.
 *
 * @param expectRevision the revision the caller looked at; 0 asserts nothing
 * @param action {@code install}, {@code apply} or {@code rollback}, recorded in status.yaml
 * @param note free text recorded beside the plan
 */
public record ApplyOptions(int expectRevision, String action, String note) {

  public ApplyOptions {
    action = action == null ? "" : action;
    note = note == null ? "" : note;
  }

  public static ApplyOptions install() {
    return new ApplyOptions(0, "install", "");
  }

  public static ApplyOptions apply(int expectRevision) {
    return new ApplyOptions(expectRevision, "apply", "");
  }
}
