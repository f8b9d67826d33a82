package dev.modelsphere.swiss.server.routes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.DiffResult;
import dev.modelsphere.swiss.deploy.UninstallResult;
import java.util.List;

/**
 * The answers of the write routes, member for member in the reference's order; every member is
 * always written unless marked otherwise.
 */
final class WriteAnswers {
  private WriteAnswers() {}

  /** What an install, apply or rollback did. */
  record Applied(
      String planHash,
      String release,
      int revision,
      String output,
      String status,
      String statusError) {

    static Applied of(ApplyResult result) {
      return new Applied(
          result.planHash(),
          result.release(),
          result.revision(),
          result.output(),
          result.status(),
          result.statusError());
    }
  }

  /**
   * The reference's diff answer, plus each object's own diff in {@code output}.
   *
   * @param toRevision the revision a rollback would restore; only on a revision's diff
   * @param warnings what would stop an apply; only when preflight found something
   */
  record Diffed(
      String planHash,
      @JsonInclude(Include.NON_NULL) Integer toRevision,
      boolean changed,
      String output,
      int revision,
      boolean exists,
      @JsonInclude(Include.NON_NULL) List<String> warnings) {

    static Diffed of(DiffResult diff) {
      return new Diffed(
          diff.planHash(),
          null,
          diff.changed(),
          diff.render(),
          diff.revision(),
          diff.exists(),
          null);
    }

    Diffed toRevision(int revision) {
      return new Diffed(planHash, revision, changed, output, this.revision, exists, warnings);
    }

    Diffed warning(List<String> found) {
      return new Diffed(planHash, toRevision, changed, output, revision, exists, found);
    }
  }

  /** What an uninstall removed. */
  record Uninstalled(String release, String namespace, String output, String planError) {

    static Uninstalled of(UninstallResult result) {
      return new Uninstalled(
          result.release(), result.namespace(), result.output(), result.planError());
    }
  }
}
