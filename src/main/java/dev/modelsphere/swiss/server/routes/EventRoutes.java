package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.events.EventHub;
import dev.modelsphere.swiss.server.events.EventStream;
import dev.modelsphere.swiss.server.events.StreamOwner;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.values.Nulls;
import io.javalin.http.Context;
import java.io.IOException;

/**
 * {@code GET /api/events}: what changed in the cluster, as server-sent events (see {@link
 * EventHub}), behind the same login as every other API route.
 */
public final class EventRoutes implements RouteGroup {
  private static final String LAST_EVENT_ID = "Last-Event-ID";

  private final EventHub hub;
  private final boolean login;

  /**
   * @param login whether the server has a login, which tells sessions apart for the per-session cap
   */
  public EventRoutes(EventHub hub, boolean login) {
    this.hub = hub;
    this.login = login;
  }

  @Override
  public void register(Routes routes) {
    routes.stream("/api/events", this::stream);
  }

  private void stream(Context ctx) throws IOException {
    ctx.status(200)
        .contentType("text/event-stream; charset=utf-8")
        .header("Cache-Control", "no-cache")
        // nginx and its kin would otherwise hold events back to fill a buffer.
        .header("X-Accel-Buffering", "no");
    EventStream stream =
        hub.open(
            ctx.res().getOutputStream(),
            Nulls.orEmpty(ctx.header(LAST_EVENT_ID)).strip(),
            Actor.expiry(ctx),
            owner(ctx));
    ctx.future(stream::start);
  }

  private StreamOwner owner(Context ctx) {
    if (!login) {
      return StreamOwner.anyone();
    }
    String tokenId = Actor.tokenId(ctx);
    return tokenId.isEmpty() ? StreamOwner.proxiedUser(Actor.of(ctx)) : StreamOwner.token(tokenId);
  }
}
