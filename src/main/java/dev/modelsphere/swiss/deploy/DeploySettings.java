package dev.modelsphere.swiss.deploy;

import java.time.Duration;

/**
 * @param chartRoot a folder of chart directories for plans that name no chart source; may be empty
 * @param planHistory how many archived plans to keep per release
 * @param lockLease how long a release's lease outlives its holder's last renewal
 * @param apiServerSilence how long the API server may stay silent before a helm write is given up
 */
public record DeploySettings(
    String chartRoot, int planHistory, Duration lockLease, Duration apiServerSilence) {

  public static final int DEFAULT_PLAN_HISTORY = 5;

  public DeploySettings {
    chartRoot = chartRoot == null ? "" : chartRoot;
    if (planHistory <= 0) {
      planHistory = DEFAULT_PLAN_HISTORY;
    }
    if (lockLease == null || lockLease.toSeconds() < 1) {
      lockLease = ReleaseLeases.DEFAULT_DURATION;
    }
    if (apiServerSilence == null || apiServerSilence.isNegative() || apiServerSilence.isZero()) {
      apiServerSilence = SilenceWatch.DEFAULT_LIMIT;
    }
  }

  public DeploySettings(String chartRoot, int planHistory, Duration lockLease) {
    this(chartRoot, planHistory, lockLease, SilenceWatch.DEFAULT_LIMIT);
  }

  public DeploySettings(String chartRoot, int planHistory) {
    this(chartRoot, planHistory, ReleaseLeases.DEFAULT_DURATION);
  }
}
