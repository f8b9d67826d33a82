package dev.modelsphere.swiss.server.auth;

import io.javalin.http.Context;
import java.time.Instant;
import java.util.Optional;

/**
 * Who is acting in a request, for the audit log: the logged-in user, the user a trusted proxy
 * named, or {@value Session#ANONYMOUS} when the server runs with no login. Set by the auth guard
 * before any guarded route runs.
 */
public final class Actor {
  private static final String ATTRIBUTE = Actor.class.getName();

  private Actor() {}

  /**
   * @throws IllegalStateException on a route the guard does not cover: a programming error
   */
  public static String of(Context ctx) {
    Session session = ctx.attribute(ATTRIBUTE);
    if (session == null) {
      throw new IllegalStateException(
          "%s is not behind the auth guard, so it has no actor".formatted(ctx.path()));
    }
    return session.user();
  }

  /** When the request's session token expires; empty for a session without one (proxy, none). */
  public static Optional<Instant> expiry(Context ctx) {
    Session session = ctx.attribute(ATTRIBUTE);
    return session == null ? Optional.empty() : Optional.ofNullable(session.expiresAt());
  }

  /** The id of the request's session token; empty for a session without one (proxy, none). */
  public static String tokenId(Context ctx) {
    Session session = ctx.attribute(ATTRIBUTE);
    return session == null ? "" : session.tokenId();
  }

  static void set(Context ctx, Session session) {
    ctx.attribute(ATTRIBUTE, session);
  }

  /** The guard for a server that runs with no login: everyone acts as the anonymous user. */
  public static void anonymous(Context ctx) {
    set(ctx, Session.anonymous());
  }
}
