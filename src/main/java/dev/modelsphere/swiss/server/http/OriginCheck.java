package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses with 403 a write (POST, PUT, PATCH, DELETE) that a browser sent from another site. A
 * browser says where a request comes from in {@code Origin} and {@code Sec-Fetch-Site}; a page
 * cannot change either. The request passes when {@code Origin} is this server's own ({@link
 * ServedHosts#isOwn}), and when it has neither header: a client that is no browser (the CLI, curl,
 * a script) sends none, and no web page can send a write without them.
 *
 * <p>{@code Sec-Fetch-Site: same-site} is refused too unless the origin is allowed: a site is the
 * registrable domain, so a sibling ({@code wiki.example.com} beside {@code swiss.example.com}) or
 * another application behind the same portal is same-site, and the session cookie's {@code
 * SameSite} would let its requests through.
 */
public final class OriginCheck implements Handler {
  static final String SEC_FETCH_SITE = "Sec-Fetch-Site";

  private static final Set<HandlerType> WRITES =
      Set.of(HandlerType.POST, HandlerType.PUT, HandlerType.PATCH, HandlerType.DELETE);

  private final ServedHosts hosts;

  public OriginCheck(ServedHosts hosts) {
    this.hosts = hosts;
  }

  @Override
  public void handle(Context ctx) {
    if (!WRITES.contains(ctx.method())) {
      return;
    }
    String origin = ctx.header("Origin");
    String site = ctx.header(SEC_FETCH_SITE);
    site = site == null ? "" : site.strip().toLowerCase(Locale.ROOT);
    if (site.equals("cross-site")) {
      refuse(ctx, "it comes from another site (Sec-Fetch-Site: cross-site)");
    } else if (origin != null && !hosts.isOwn(ctx, origin)) {
      refuse(ctx, "it comes from the page of another origin (Origin: %s)".formatted(origin));
    } else if (site.equals("same-site") && origin == null) {
      refuse(ctx, "it comes from a sibling site (Sec-Fetch-Site: same-site) and names no Origin");
    }
  }

  private void refuse(Context ctx, String why) {
    Refusal.answer(
        ctx,
        403,
        "%s %s was refused because %s: swiss takes writes only from its own pages (%s) and from"
                .formatted(ctx.method().name(), ctx.path(), why, hosts.describe(ctx))
            + " clients that are not browsers -- open swiss itself, or list the page's host in"
            + " server.security.hosts");
  }
}
