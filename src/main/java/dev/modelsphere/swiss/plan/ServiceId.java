package dev.modelsphere.swiss.plan;

/**
 * The id a release is served under: the plan's {@code serviceId} value, and when that is missing or
 * empty the release name, as the charts default it. Routing, scaling and the upgrade rules know a
 * deployment by it, so every reader asks here.
 */
public final class ServiceId {
  /** The values key the form layer sets it under. */
  public static final String KEY = "serviceId";

  private ServiceId() {}

  /** The id {@code plan} deploys under. */
  public static String of(Plan plan) {
    Object value = plan.value(KEY).value();
    String id = value == null ? "" : String.valueOf(value);
    return id.isEmpty() ? plan.release().name() : id;
  }
}
