package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.server.http.Json;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.util.Optional;
import java.util.Set;

/**
 * Lets a request to {@code /api/...} through only with a session (login, logout and session are
 * open), before routing, so an unknown API path answers 401 to a stranger rather than revealing
 * that it does not exist. A session with less than half its lifetime left gets a fresh cookie. The
 * session's role is decided here, once, by {@link AdminRole}.
 */
public final class AuthGuard implements Handler {
  static final Set<String> OPEN_API_PATHS = Set.of("/api/login", "/api/logout", "/api/session");

  private final Authenticator authenticator;
  private final CredentialFiles credentials;
  private final SessionTokens tokens;
  private final SessionCookie cookie;
  private final AdminRole admins;

  public AuthGuard(
      Authenticator authenticator,
      CredentialFiles credentials,
      SessionTokens tokens,
      SessionCookie cookie,
      AdminRole admins) {
    this.authenticator = authenticator;
    this.credentials = credentials;
    this.tokens = tokens;
    this.cookie = cookie;
    this.admins = admins;
  }

  @Override
  public void handle(Context ctx) {
    if (!isGuarded(ctx.path())) {
      return;
    }
    Optional<Session> session = authenticator.authenticate(ctx);
    if (session.isEmpty()) {
      Json.error(ctx, 401, "not logged in");
      ctx.skipRemainingHandlers();
      return;
    }
    Actor.set(ctx, admins.assign(session.get()));
    if (tokens.wantsRefresh(session.get())) {
      cookie.set(ctx, tokens.refresh(session.get(), credentials.current()));
    }
  }

  static boolean isGuarded(String path) {
    return path.startsWith("/api/") && !OPEN_API_PATHS.contains(path);
  }
}
