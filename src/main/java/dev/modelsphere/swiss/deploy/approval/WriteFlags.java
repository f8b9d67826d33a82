package dev.modelsphere.swiss.deploy.approval;

import dev.modelsphere.swiss.values.Nulls;
import java.util.ArrayList;
import java.util.List;

/**
 * How a write goes beyond its plan or revision: an approval binds these too, so what was approved
 * is the whole write and not only which plan it applies.
 *
 * @param chartDigest the chart digest the write expects ({@code expectChartDigest}); empty: none
 * @param forceConflicts the write takes over fields another field manager owns
 * @param forceChart a rollback restores a revision whose chart archive the repository no longer
 *     serves
 */
public record WriteFlags(String chartDigest, boolean forceConflicts, boolean forceChart) {
  public static final WriteFlags NONE = new WriteFlags("", false, false);

  public WriteFlags {
    chartDigest = Nulls.orEmpty(chartDigest).strip();
  }

  /** What this write does otherwise than the approved one, one phrase per flag; empty: nothing. */
  public List<String> differencesFrom(WriteFlags approved) {
    List<String> differences = new ArrayList<>();
    if (!chartDigest.equals(approved.chartDigest)) {
      differences.add(
          "expectChartDigest %s where %s was approved"
              .formatted(shown(chartDigest), shown(approved.chartDigest)));
    }
    if (forceConflicts != approved.forceConflicts) {
      differences.add(
          "forceConflicts %s where %s was approved"
              .formatted(forceConflicts, approved.forceConflicts));
    }
    if (forceChart != approved.forceChart) {
      differences.add(
          "forceChart %s where %s was approved".formatted(forceChart, approved.forceChart));
    }
    return differences;
  }

  private static String shown(String digest) {
    return digest.isEmpty() ? "(none)" : digest;
  }
}
