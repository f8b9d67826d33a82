package dev.modelsphere.swiss.plan;

/**
 * What a deployed plan offers to callers: the route it publishes on the site's entrypoint and the
 * model name its engine answers to. Both read the plan's merged values, as the chart does.
 */
public final class Serving {
  private Serving() {}

  /**
   * The path the release publishes on the entrypoint, or empty when it publishes none. Compose
   * writes every feature flag into the plan, so a {@code modelRoute.enabled} that is there and not
   * true means routing is off, and a route derived anyway would name a URL nothing serves.
   */
  public static String route(Plan plan) {
    var enabled = plan.value("modelRoute.enabled");
    if (enabled.present() && !Boolean.TRUE.equals(enabled.value())) {
      return "";
    }
    String route = text(plan, "modelRoute.nginx.route");
    return route.isEmpty() ? ServiceId.of(plan) : route;
  }

  /**
   * The name the engine serves the model under: {@code model.name} after the catalog's projection,
   * else the catalog entry's own name.
   */
  public static String modelName(Plan plan) {
    String name = text(plan, "model.name");
    return name.isEmpty() ? plan.source().model() : name;
  }

  private static String text(Plan plan, String path) {
    return plan.value(path).value() instanceof String s ? s : "";
  }
}
