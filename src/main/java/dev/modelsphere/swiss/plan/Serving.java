package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.Lookup;
import dev.modelsphere.swiss.values.Tree;
import java.util.Map;

/**
 * What a plan serves, read off its merged values: the route it publishes at the site's entrypoint
 * and the model name clients send.
 *
 * @param route empty when the plan turns routing off
 * @param model the served model name: the composed {@code model.name}, else the catalog's model
 */
public record Serving(String route, String model) {

  public static Serving of(Plan plan) {
    Map<String, Object> values = plan.values();
    return new Serving(route(values, plan.release().name()), model(values, plan));
  }

  /**
   * Routing is on unless {@code modelRoute.enabled} says false; the route is {@code
   * modelRoute.nginx.route}, else {@code serviceId}, else the release name.
   */
  private static String route(Map<String, Object> values, String release) {
    if (Boolean.FALSE.equals(Tree.get(values, "modelRoute.enabled").value())) {
      return "";
    }
    String named = text(Tree.get(values, "modelRoute.nginx.route"));
    if (!named.isEmpty()) {
      return named;
    }
    String serviceId = text(Tree.get(values, "serviceId"));
    return serviceId.isEmpty() ? release : serviceId;
  }

  private static String model(Map<String, Object> values, Plan plan) {
    String name = text(Tree.get(values, "model.name"));
    return name.isEmpty() ? plan.source().model() : name;
  }

  private static String text(Lookup found) {
    return found.value() == null ? "" : found.value().toString();
  }
}
