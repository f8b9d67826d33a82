package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import java.util.Set;

/**
 * Refuses with 421 a request that names the server by a name it does not answer to ({@link
 * ServedHosts}): a page on another site that made its own name resolve to this server (DNS
 * rebinding) is same-origin with it in the browser's eyes, so only the name it used gives it away.
 * 421 (Misdirected Request) rather than 400: the request is well formed, it reached the wrong
 * server.
 *
 * <p>The probes ({@code /healthz}, {@code /readyz}, {@code /metrics}) are answered whatever the
 * name: the kubelet and Prometheus call them by the pod's address, and they change nothing ({@code
 * /readyz} tells its details only to a caller this check lets through).
 */
public final class HostCheck implements Handler {
  public static final int MISDIRECTED = 421;

  private static final Set<String> PROBES = Set.of("/healthz", "/readyz", "/metrics");

  private final ServedHosts hosts;

  public HostCheck(ServedHosts hosts) {
    this.hosts = hosts;
  }

  @Override
  public void handle(Context ctx) {
    if (isProbe(ctx) || hosts.allows(ctx)) {
      return;
    }
    Refusal.answer(
        ctx,
        MISDIRECTED,
        "this server does not answer to %s: %s -- reach it by one of those names, or add this one to server.security.hosts"
            .formatted(hosts.describe(ctx), allowedNames()));
  }

  private static boolean isProbe(Context ctx) {
    HandlerType method = ctx.method();
    return (method == HandlerType.GET || method == HandlerType.HEAD) && PROBES.contains(ctx.path());
  }

  private String allowedNames() {
    if (hosts.names().isEmpty()) {
      return "with the login off it answers only to localhost, 127.0.0.1 and [::1]";
    }
    return "it answers to "
        + String.join(", ", hosts.names().stream().map(Authority::toString).toList());
  }
}
