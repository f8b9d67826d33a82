package dev.modelsphere.swiss.server.upstream;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.Serving;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.Route;
import dev.modelsphere.swiss.site.RouteAuth;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Finds where a release is reached through the site's entrypoint ({@code route.nginxService}), and
 * with which headers. Checks go through the entrypoint, not the pod: a ready pod behind a route
 * that was never published serves nobody.
 */
public final class Entrypoints {
  static final String DEFAULT_SECRET_KEY = "apiKey";

  private final SecretValues secrets;
  private final ServiceAddresses addresses;
  private final String ownNamespace;
  private final SecretDestinations destinations;

  /**
   * @param ownNamespace where a Secret named without a namespace lives: this server's own
   * @param policy where the key from the profile's Secret may go
   */
  public Entrypoints(
      Kube kube, ServiceAddresses addresses, String ownNamespace, UpstreamPolicy policy) {
    this.secrets = new SecretValues(kube);
    this.addresses = addresses;
    this.ownNamespace = ownNamespace;
    this.destinations = policy.secretDestinations();
  }

  /**
   * @throws UpstreamException when the profile names no usable entrypoint, the plan publishes no
   *     route, or the API key cannot be read
   * @throws dev.modelsphere.swiss.error.DomainException {@code FORBIDDEN} when the key would come
   *     from the profile's Secret and the server config does not list the entrypoint among the
   *     destinations of Secrets; the Secret is not read then
   */
  public Entrypoint resolve(Profile profile, Plan plan, RequestAuth auth) {
    Route route = profile.route();
    if (route.nginxService().isEmpty()) {
      throw new UpstreamException(
          "site profile names no route.nginxService, so there is no entrypoint to ask -- set it"
              + " to the entrypoint Service's namespace/name");
    }
    NamespacedName service;
    try {
      service = NamespacedName.parse(route.nginxService());
    } catch (UpstreamException e) {
      throw new UpstreamException("route.nginxService: %s".formatted(e.getMessage()), e);
    }
    String path = Serving.route(plan);
    if (path.isEmpty()) {
      throw new UpstreamException(
          "this release publishes no route (modelRoute.enabled is off in its plan), so the"
              + " entrypoint cannot reach it");
    }
    String base =
        addresses.baseUrl(service.namespace(), service.name(), route.nginxPortOrDefault())
            + "/"
            + path;
    SortedMap<String, String> headers = headers(route.auth(), auth, base);
    // Whatever ended up under the key's header is the credential, even a value the profile set
    // as a plain header: a shown request must never print it.
    String keyHeader = HeaderNames.canonical(route.auth().headerName());
    boolean sendsKey = !headers.getOrDefault(keyHeader, "").isEmpty();
    return new Entrypoint(
        base,
        headers,
        sendsKey ? keyHeader : "",
        sendsKey ? route.auth().keyPrefix() + Entrypoint.API_KEY_VARIABLE : "");
  }

  /**
   * The profile's headers, then the request's over them; the key from the request, else from the
   * profile's Secret, under the profile's header and prefix. A key the request brings is the
   * requester's own, so only the Secret's is held to the server's list of destinations.
   */
  private SortedMap<String, String> headers(RouteAuth profile, RequestAuth request, String base) {
    SortedMap<String, String> headers = new TreeMap<>();
    profile.headers().forEach((name, value) -> headers.put(HeaderNames.canonical(name), value));
    request.headers().forEach((name, value) -> headers.put(HeaderNames.canonical(name), value));
    String key = request.apiKey();
    if (key.isEmpty() && !profile.secretRef().isEmpty()) {
      destinations.require(base, "route.auth.secretRef", "route.nginxService");
      String secretKey = profile.secretKey().isEmpty() ? DEFAULT_SECRET_KEY : profile.secretKey();
      key = secrets.read("route.auth.secretRef", profile.secretReference(ownNamespace), secretKey);
    }
    if (!key.isEmpty()) {
      headers.put(HeaderNames.canonical(profile.headerName()), profile.keyPrefix() + key);
    }
    return headers;
  }
}
