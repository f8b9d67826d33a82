package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.server.api.ApplyRequest;
import picocli.CommandLine.Option;

/**
 * The flags {@code install} and {@code apply} share: the revision lock, a note, and skipping
 * preflight.
 */
public final class WriteOptions {

  @Option(
      names = "--expect-revision",
      paramLabel = "N",
      defaultValue = "0",
      description = "Refuse unless the live revision is still N (default, or N <= 0: no check).")
  int expectRevision;

  @Option(names = "--note", description = "Free text recorded beside the plan.")
  String note;

  @Option(
      names = "--expect-chart-digest",
      paramLabel = "sha256:HEX",
      description =
          "Refuse unless the chart still has this digest, the one `swiss diff` showed: a chart"
              + " version pushed again since the diff is not applied unseen.")
  String expectChartDigest;

  @Option(
      names = "--skip-preflight",
      description =
          "Write without the preflight checks (claims, chart schema, GPU fit, the site's values"
              + " policy); recorded beside the release, where swiss history shows it.")
  boolean skipPreflight;

  /**
   * The body of {@code POST /api/install} or {@code /api/apply} for the stored plan {@code hash}.
   * Any N below 1 asserts nothing, as locally; the API itself refuses a negative one.
   */
  ApplyRequest requestFor(String hash, boolean forceConflicts, boolean adopt) {
    if (skipPreflight) {
      // The server's checks are the site's: a caller cannot turn them off from afar.
      throw new CliException(
          "--skip-preflight is for writes without --server: a swiss server runs preflight on every"
              + " write");
    }
    return new ApplyRequest(
        hash, Math.max(0, expectRevision), note, forceConflicts, adopt, expectChartDigest);
  }

  /** The note, empty when none was given. */
  String note() {
    return note == null ? "" : note;
  }

  /**
   * How the apply runs. Any N below 1 means no check, as in the reference, where scripts pass -1
   * for "whatever is live"; the deployer itself refuses a negative revision from the API.
   */
  ApplyOptions options(String action) {
    ApplyOptions options =
        new ApplyOptions(Math.max(0, expectRevision), action, note)
            .expectingChart(expectChartDigest);
    return skipPreflight ? options.skippingPreflight() : options;
  }
}
