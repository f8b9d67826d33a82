package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;

/**
 * The chart is no longer the one that was looked at: the archive behind its version has another
 * digest now (a re-pushed version), or a local chart's files changed.
 */
public final class ChartMovedException extends HelmException {

  public ChartMovedException(ChartLocation chart, String was, String now) {
    super(
        ErrorKind.CONFLICT,
        ("chart %s changed since it was looked at: it had digest %s and has %s now (a re-pushed"
                + " version or an edited chart); nothing was written. Diff the plan again, review"
                + " what the new chart changes, and apply that")
            .formatted(chart.describe(), was, now.isEmpty() ? "none" : now));
  }
}
