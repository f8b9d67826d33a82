package dev.modelsphere.swiss.deploy.backend;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanFiles;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@code GET /api/releases/{namespace}/{release}/revisions} (reference server.md
 * §3.17): what the release can be rolled back to, newest first.
 */
public record RevisionList(String release, String namespace, List<Revision> revisions) {

  public RevisionList {
    revisions = List.copyOf(revisions);
  }

  /**
   * One revision.
   *
   * @param chart {@code <name>-<version>}
   * @param planHash the hash of the plan that produced it, when known
   * @param current it is the revision running now
   * @param chartDigest the digest of the chart archive the revision installed, when recorded
   * @param preflightSkipped the revision was written with preflight skipped ({@code
   *     --skip-preflight}), as the record beside it says
   */
  @JsonInclude(Include.NON_EMPTY)
  public record Revision(
      int revision,
      String model,
      String version,
      String variant,
      String chart,
      String planHash,
      @JsonInclude(Include.NON_DEFAULT) boolean current,
      String chartDigest,
      @JsonInclude(Include.NON_DEFAULT) boolean preflightSkipped) {

    public Revision {
      chartDigest = chartDigest == null ? "" : chartDigest;
    }

    /** A revision written with preflight. */
    public Revision(
        int revision,
        String model,
        String version,
        String variant,
        String chart,
        String planHash,
        boolean current,
        String chartDigest) {
      this(revision, model, version, variant, chart, planHash, current, chartDigest, false);
    }

    /** A revision known by its number, and perhaps its plan's hash, only. */
    public static Revision bare(int revision, String planHash, boolean current) {
      return new Revision(revision, "", "", "", "", planHash, current, "");
    }

    /**
     * A row read from an archived plan's files, without verifying them (listing is not rolling
     * back); files that cannot be read leave only the revision.
     *
     * @param withHash whether to show the plan's hash
     */
    public static Revision archived(
        int revision, Map<String, String> files, boolean withHash, boolean current) {
      try {
        Plan plan = PlanFiles.fromFiles(files);
        PlanStatus status = PlanStatus.in(files);
        return new Revision(
            revision,
            plan.source().model(),
            plan.source().version(),
            plan.source().variant(),
            ChartLabel.of(plan.chart().name(), plan.chart().version()),
            withHash ? plan.hash() : "",
            current,
            status.chartDigest(),
            status.preflightSkipped());
      } catch (PlanException unreadable) {
        return bare(revision, "", current);
      }
    }
  }
}
