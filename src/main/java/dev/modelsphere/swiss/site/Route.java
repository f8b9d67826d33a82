package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;

/**
 * The site's model routing (an nginx/openresty front fed by ModelRoute config maps).
 *
 * @param nginxConfigMap {@code ns/name}, copied to {@code modelRoute.nginx.outputConfigMap}
 * @param nginxService copied to {@code modelRoute.nginx.service}
 * @param nginxSelector copied to {@code modelRoute.nginx.selector}
 * @param monitorConfigMap copied to {@code modelRoute.monitor.outputConfigMap}
 * @param gateway the public base URL of routes, for display only
 * @param nginxPort the port readiness checks call; {@link #DEFAULT_NGINX_PORT} when unset
 * @param auth how to authenticate to a route
 */
public record Route(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String nginxConfigMap,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String nginxService,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String nginxSelector,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String monitorConfigMap,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String gateway,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) Integer nginxPort,
    @JsonInclude(JsonInclude.Include.ALWAYS) RouteAuth auth) {

  public static final int DEFAULT_NGINX_PORT = 8080;

  public Route {
    nginxConfigMap = Nulls.orEmpty(nginxConfigMap);
    nginxService = Nulls.orEmpty(nginxService);
    nginxSelector = Nulls.orEmpty(nginxSelector);
    monitorConfigMap = Nulls.orEmpty(monitorConfigMap);
    gateway = Nulls.orEmpty(gateway);
    auth = auth == null ? RouteAuth.none() : auth;
  }

  public static Route none() {
    return new Route("", "", "", "", "", null, RouteAuth.none());
  }

  /** The URL a model is reached at, {@code <gateway>/<route>}; empty without either. */
  public String modelUrl(String route) {
    if (gateway.isEmpty() || route == null || route.isEmpty()) {
      return "";
    }
    return gateway.replaceAll("/+$", "") + "/" + route.replaceAll("^/+", "");
  }

  /** The port readiness checks call. */
  public int nginxPortOrDefault() {
    return nginxPort == null || nginxPort == 0 ? DEFAULT_NGINX_PORT : nginxPort;
  }
}
