package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.auth.Authenticator;
import dev.modelsphere.swiss.server.auth.ClientAddress;
import dev.modelsphere.swiss.server.auth.Login;
import dev.modelsphere.swiss.server.auth.LoginThrottled;
import dev.modelsphere.swiss.server.auth.Session;
import dev.modelsphere.swiss.server.auth.SessionCookie;
import dev.modelsphere.swiss.server.auth.SessionTokens;
import dev.modelsphere.swiss.server.auth.TokenRevocations;
import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import io.javalin.http.Context;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * {@code POST /api/login}, {@code POST /api/logout} and {@code GET /api/session}: open to all,
 * since a client must be able to find out that it needs to log in, and to do it.
 */
public final class SessionRoutes implements RouteGroup {
  private final Optional<LoginParts> login;
  private final BooleanSupplier initialized;

  /**
   * What a server with a login needs; absent when {@code server.auth.disabled} is set.
   *
   * @param clients tells who is trying to log in, for the throttle
   * @param revocations where a logout revokes the session's token
   */
  public record LoginParts(
      Login login,
      Authenticator authenticator,
      SessionCookie cookie,
      ClientAddress clients,
      TokenRevocations revocations) {}

  /** The login request body. */
  public record Attempt(String username, String password) {}

  /**
   * @param initialized whether the site profile can be read and parses (the UI then offers setup)
   */
  public SessionRoutes(Optional<LoginParts> login, BooleanSupplier initialized) {
    this.login = login;
    this.initialized = initialized;
  }

  @Override
  public void register(Routes routes) {
    routes.post("/api/login", Deadline.QUICK_READ, this::login);
    routes.post("/api/logout", Deadline.QUICK_READ, this::logout);
    routes.get("/api/session", Deadline.QUICK_READ, this::session);
  }

  private void login(Context ctx) {
    LoginParts parts =
        login.orElseThrow(() -> new ApiException(400, "this server runs with no login"));
    Attempt attempt = Json.body(ctx, Attempt.class);
    CompletableFuture<SessionTokens.Issued> answer;
    try {
      answer =
          parts.login().attempt(parts.clients().of(ctx), attempt.username(), attempt.password());
    } catch (LoginThrottled e) {
      ctx.header("Retry-After", Long.toString(e.retryAfterSeconds()));
      throw new ApiException(429, e.getMessage(), e);
    }
    // Javalin answers when the future completes; a refusal (401 after the penalty) fails it and
    // reaches the same exception mapping as a thrown ApiException.
    ctx.future(() -> answer.thenAccept(token -> loggedIn(ctx, parts, attempt, token)));
  }

  private void loggedIn(
      Context ctx, LoginParts parts, Attempt attempt, SessionTokens.Issued token) {
    parts.cookie().set(ctx, token);
    Json.ok(
        ctx,
        new ReadAnswers.LoggedIn(
            true,
            attempt.username(),
            token.expiresAt(),
            initialized.getAsBoolean(),
            token.token()));
  }

  /**
   * Revokes the session's token, wherever it is kept (cookie or bearer), so a copy of it is refused
   * too and its event streams end; answers 200 whether or not there was a session to end.
   */
  private void logout(Context ctx) {
    login.ifPresent(
        parts -> {
          parts.authenticator().authenticate(ctx).ifPresent(parts.revocations()::revoke);
          parts.cookie().clear(ctx);
        });
    Json.ok(ctx, new ReadAnswers.LoggedOut(true));
  }

  private void session(Context ctx) {
    if (login.isEmpty()) {
      Json.ok(ctx, ReadAnswers.SessionState.withoutLogin(initialized.getAsBoolean()));
      return;
    }
    Optional<Session> session = login.get().authenticator().authenticate(ctx);
    Json.ok(
        ctx,
        session
            .map(
                s ->
                    ReadAnswers.SessionState.of(
                        s.user(), initialized.getAsBoolean(), s.expiresAt()))
            .orElse(ReadAnswers.SessionState.stranger()));
  }
}
