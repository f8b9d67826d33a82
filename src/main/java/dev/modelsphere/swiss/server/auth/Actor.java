package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.deploy.approval.Approver;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.Optional;

/**
 * Who is acting in a request, for the audit log: the logged-in user, the user a trusted proxy
 * named, or {@value Session#ANONYMOUS} when the server runs with no login; and whether they hold
 * the admin role. Set by the auth guard before any guarded route runs.
 */
public final class Actor {
  private static final String ATTRIBUTE = Actor.class.getName();

  private Actor() {}

  /**
   * @throws IllegalStateException on a route the guard does not cover: a programming error
   */
  public static String of(Context ctx) {
    return session(ctx).user();
  }

  /** Whether the request's user holds the admin role. */
  public static boolean isAdmin(Context ctx) {
    return session(ctx).admin();
  }

  /**
   * Refuses a user without the admin role.
   *
   * @param what the work refused, as a sentence's object ("change the site profile")
   * @throws DomainException {@link ErrorKind#FORBIDDEN} naming the role and who holds it
   */
  public static void requireAdmin(Context ctx, String what) {
    Session session = session(ctx);
    if (!session.admin()) {
      throw new DomainException(
          ErrorKind.FORBIDDEN,
          ("%s may not %s: that needs the %s role, held by the local login's user and by the"
                  + " proxied users server.auth.admins lists")
              .formatted(session.user(), what, AdminRole.NAME));
    }
  }

  /** The request's user as an approval request's decider sees them. */
  public static Approver approver(Context ctx) {
    Session session = session(ctx);
    return new Approver(session.user(), session.sharedAccount());
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

  private static Session session(Context ctx) {
    Session session = ctx.attribute(ATTRIBUTE);
    if (session == null) {
      throw new IllegalStateException(
          "%s is not behind the auth guard, so it has no actor".formatted(ctx.path()));
    }
    return session;
  }
}
