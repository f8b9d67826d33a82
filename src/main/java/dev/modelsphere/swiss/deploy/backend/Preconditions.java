package dev.modelsphere.swiss.deploy.backend;

import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;

/** The checks every release-changing operation makes before it touches anything. */
public final class Preconditions {

  private Preconditions() {}

  /**
   * Install needs a release that does not exist, upgrade one that does; neither runs while helm is
   * busy.
   */
  public static void check(ReleaseState state, Mode mode) {
    if (mode == Mode.UPGRADE && !state.exists()) {
      throw new DeployException(
          CONFLICT, "no release " + state.ref() + ": use `swiss install` to create it");
    }
    if (mode == Mode.INSTALL && state.exists()) {
      throw new DeployException(
          CONFLICT,
          "release "
              + state.ref()
              + " already exists at revision "
              + state.revision()
              + ": use `swiss apply` to upgrade it");
    }
    if (state.status().startsWith("pending")) {
      throw new DeployException(
          CONFLICT,
          "release "
              + state.ref()
              + " is "
              + state.status()
              + ": another helm operation is in flight; wait for it, or uninstall the release to clear it");
    }
  }

  /**
   * The revision lock: when {@code expected} is a revision (1 or more), the live revision must
   * still be it. Zero and below assert nothing, as in the reference, where {@code -1} is how a
   * script says "no check".
   */
  /**
   * The plan is what was composed: a plan edited after its hash was taken is refused before any
   * backend looks at the cluster.
   */
  public static void checkHash(Plan plan) {
    try {
      plan.verifyHash();
    } catch (PlanException e) {
      throw new DeployException(
          ErrorKind.INVALID,
          "plan for %s/%s refused: %s"
              .formatted(plan.release().namespace(), plan.release().name(), e.getMessage()),
          e);
    }
  }

  public static void checkRevision(ReleaseState state, int expected) {
    if (expected > 0 && state.revision() != expected) {
      throw new DeployException(
          CONFLICT,
          "release "
              + state.ref()
              + " moved from revision "
              + expected
              + " to "
              + state.revision()
              + " since you looked; re-check it before applying");
    }
  }

  /** Uninstall only needs the release to exist; a pending release may be removed. */
  public static void checkUninstall(ReleaseState state) {
    if (!state.exists()) {
      throw new DeployException(NOT_FOUND, "no release " + state.ref());
    }
  }
}
