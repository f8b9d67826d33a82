package dev.modelsphere.swiss.deploy;

/**
 * @param chartRoot a folder of chart directories for plans that name no chart source; may be empty
 * @param planHistory how many archived plans to keep per release
 */
public record DeploySettings(String chartRoot, int planHistory) {

  public static final int DEFAULT_PLAN_HISTORY = 5;

  public DeploySettings {
    chartRoot = chartRoot == null ? "" : chartRoot;
    if (planHistory <= 0) {
      planHistory = DEFAULT_PLAN_HISTORY;
    }
  }
}
