package dev.modelsphere.swiss.server.http;

import dev.modelsphere.swiss.config.PathPrefix;
import io.javalin.http.Context;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * swiss behind a reverse proxy that mounts it under a prefix ({@code /api/deploy/}), whether the
 * proxy strips the prefix or not. A proxy that passes it on sends {@code /api/deploy/api/session}:
 * with {@code server.basePath: /api/deploy} this handler takes the prefix off before routing, so
 * every route, the login guard and the 404s see {@code /api/session}, and requests straight to the
 * server (a port-forward, the probes) keep working without it. A proxy that strips the prefix says
 * which in {@code X-Forwarded-Prefix}. Either way only the web UI needs to know: its page is told
 * the prefix the browser sees ({@link #seenBy}), and builds every address under it.
 */
public final class BasePath extends Handler.Wrapper {
  public static final String FORWARDED_PREFIX = "X-Forwarded-Prefix";

  /** Set on a request whose path came with the configured prefix. */
  private static final String STRIPPED = BasePath.class.getName() + ".stripped";

  private final String prefix;

  /**
   * @param prefix {@code server.basePath}, valid by {@link PathPrefix}; empty does nothing
   */
  public BasePath(String prefix) {
    this.prefix = prefix;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String path = request.getHttpURI().getPath();
    if (prefix.isEmpty() || !(path.equals(prefix) || path.startsWith(prefix + "/"))) {
      return super.handle(request, response, callback);
    }
    String rest = path.substring(prefix.length());
    HttpURI stripped = HttpURI.build(request.getHttpURI()).path(rest.isEmpty() ? "/" : rest);
    Request served = Request.serveAs(request, stripped);
    served.setAttribute(STRIPPED, prefix);
    return super.handle(served, response, callback);
  }

  /**
   * The prefix under which the browser sees swiss for this request, without a trailing slash: what
   * a stripping proxy says it took off, then what this server took off; empty at the root.
   *
   * @throws ApiException 400 when the proxy's header is not a path prefix: it would be written into
   *     the page, so a malformed one is refused rather than guessed at
   */
  public static String seenBy(Context ctx) {
    String forwarded = forwarded(ctx);
    if (!PathPrefix.isValid(forwarded)) {
      throw new ApiException(
          400,
          "%s \"%s\" is not a path prefix like /api/deploy -- fix the reverse proxy's setting"
              .formatted(FORWARDED_PREFIX, ctx.header(FORWARDED_PREFIX)));
    }
    return forwarded + stripped(ctx);
  }

  /**
   * {@link #seenBy}, but a malformed header counts as none: for the session cookie's path, where
   * the root (a wider path) still works and refusing would lock the user out of every route.
   */
  public static String seenByOrRoot(Context ctx) {
    String forwarded = forwarded(ctx);
    return (PathPrefix.isValid(forwarded) ? forwarded : "") + stripped(ctx);
  }

  private static String forwarded(Context ctx) {
    String forwarded = ctx.header(FORWARDED_PREFIX);
    return forwarded == null ? "" : forwarded.strip().replaceAll("/+$", "");
  }

  private static String stripped(Context ctx) {
    Object stripped = ctx.attribute(STRIPPED);
    return stripped == null ? "" : stripped.toString();
  }
}
