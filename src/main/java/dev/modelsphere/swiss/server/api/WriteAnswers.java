package dev.modelsphere.swiss.server.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import java.util.List;

/**
 * The API's answers of the write use cases (what `swiss -o json` prints too), member for member in
 * the reference's order; every member is always written unless marked otherwise.
 */
public final class WriteAnswers {
  private WriteAnswers() {}

  /** What an install, apply or rollback did. */
  public record Applied(
      String planHash,
      String release,
      int revision,
      String output,
      String status,
      String statusError,
      boolean changed) {

    public static Applied of(ApplyResult result) {
      return new Applied(
          result.planHash(),
          result.release(),
          result.revision(),
          result.output(),
          result.status(),
          result.statusError(),
          result.changed());
    }
  }

  /**
   * The reference's diff answer, plus each object's own diff in {@code output}.
   *
   * @param toRevision the revision a rollback would restore; only on a revision's diff
   * @param warnings what would stop an apply; only when preflight found something
   * @param chartDigest the digest of the chart the diff rendered: send it back as an apply's {@code
   *     expectChartDigest} so a chart pushed again in between is refused; empty when unknown
   */
  public record Diffed(
      String planHash,
      @JsonInclude(Include.NON_NULL) Integer toRevision,
      boolean changed,
      String output,
      int revision,
      boolean exists,
      @JsonInclude(Include.NON_NULL) List<String> warnings,
      @JsonInclude(Include.NON_EMPTY) String chartDigest) {

    public static Diffed of(DiffResult diff) {
      return new Diffed(
          diff.planHash(),
          null,
          diff.changed(),
          diff.render(),
          diff.revision(),
          diff.exists(),
          null,
          diff.chartDigest());
    }

    public Diffed toRevision(int revision) {
      return new Diffed(
          planHash, revision, changed, output, this.revision, exists, warnings, chartDigest);
    }

    public Diffed warning(List<String> found) {
      return new Diffed(
          planHash, toRevision, changed, output, revision, exists, found, chartDigest);
    }
  }

  /** What an uninstall removed. */
  public record Uninstalled(String release, String namespace, String output, String planError) {

    public static Uninstalled of(UninstallResult result) {
      return new Uninstalled(
          result.release(), result.namespace(), result.output(), result.planError());
    }
  }
}
