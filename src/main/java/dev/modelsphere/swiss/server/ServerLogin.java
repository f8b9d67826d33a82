package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.config.Auth;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.config.Server;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.auth.AdminRole;
import dev.modelsphere.swiss.server.auth.AuthException;
import dev.modelsphere.swiss.server.auth.AuthGuard;
import dev.modelsphere.swiss.server.auth.Authenticator;
import dev.modelsphere.swiss.server.auth.ClientAddress;
import dev.modelsphere.swiss.server.auth.CredentialFiles;
import dev.modelsphere.swiss.server.auth.Login;
import dev.modelsphere.swiss.server.auth.LoginThrottle;
import dev.modelsphere.swiss.server.auth.MemoryFailedLogins;
import dev.modelsphere.swiss.server.auth.SessionCookie;
import dev.modelsphere.swiss.server.auth.SessionTokens;
import dev.modelsphere.swiss.server.auth.SharedFailedLogins;
import dev.modelsphere.swiss.server.auth.TokenRevocations;
import dev.modelsphere.swiss.server.http.ServedHosts;
import dev.modelsphere.swiss.server.routes.SessionRoutes;
import dev.modelsphere.swiss.store.FailedLogins;
import dev.modelsphere.swiss.store.Store;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The login of one server, its parts built once and shared: the credential files (none when {@code
 * server.auth.disabled}), the session tokens and cookie, the revoked sessions, and the one {@link
 * Authenticator} that the guard, the session routes and {@code /readyz} all ask.
 */
final class ServerLogin {
  private final Server config;
  private final ServerOptions options;
  private final Optional<Store> store;
  private final Optional<CredentialFiles> credentials;
  private final SessionTokens tokens;
  private final SessionCookie cookie;
  private final TokenRevocations revocations;
  private final Optional<Authenticator> authenticator;

  ServerLogin(Server config, ServerOptions options, Optional<Store> store) {
    Auth auth = config.auth();
    this.config = config;
    this.options = options;
    this.store = store;
    this.credentials =
        auth.disabled() ? Optional.empty() : Optional.of(new CredentialFiles(Path.of(auth.dir())));
    this.tokens = new SessionTokens(auth.tokenTTL(), options.clock());
    this.cookie = new SessionCookie(auth.cookieSecure());
    this.revocations = new TokenRevocations(store.map(Store::revocations), tokens, options.clock());
    this.authenticator = credentials.map(files -> new Authenticator(files, tokens, revocations));
  }

  /**
   * Refuses to start a server whose login credentials cannot be read, before anything listens.
   *
   * @throws ServerException naming the folder and what to do
   */
  static void checkCredentials(Auth auth) {
    if (auth.disabled()) {
      return;
    }
    try {
      new CredentialFiles(Path.of(auth.dir())).current();
    } catch (AuthException e) {
      throw new ServerException(
          "login credentials: %s -- mount the Secret at %s, or set server.auth.disabled"
              .formatted(e.getMessage(), auth.dir()),
          e);
    }
  }

  /**
   * The host names the server answers to, from {@code server.security}.
   *
   * @throws ServerException when the config names hosts that cannot be served
   */
  static ServedHosts servedHosts(Config config) {
    try {
      return ServedHosts.of(config.server().security(), config.server().auth().disabled());
    } catch (IllegalArgumentException e) {
      throw new ServerException(e.getMessage() + " -- fix the server config", e);
    }
  }

  /** Whether a caller must log in. */
  boolean required() {
    return credentials.isPresent();
  }

  /** The sessions logouts ended: refused by the guard, their event streams ended. */
  TokenRevocations revocations() {
    return revocations;
  }

  /** Who the caller of each request is; anyone is anonymous on a server without login. */
  Handler guard() {
    if (credentials.isEmpty()) {
      return Actor::anonymous;
    }
    return new AuthGuard(
        authenticator.orElseThrow(),
        credentials.get(),
        tokens,
        cookie,
        new AdminRole(config.auth().admins()));
  }

  /**
   * Who sees why {@code /readyz} says what it says: whoever may read the API (a logged-in caller,
   * or anyone when there is no login), by a name the server answers to.
   */
  Predicate<Context> readinessDetails(ServedHosts hosts) {
    return authenticator
        .<Predicate<Context>>map(a -> ctx -> hosts.allows(ctx) && a.authenticate(ctx).isPresent())
        .orElse(hosts::allows);
  }

  /** What the session routes log in and out with; none without login. */
  Optional<SessionRoutes.LoginParts> loginParts() {
    return credentials.map(
        files ->
            new SessionRoutes.LoginParts(
                new Login(files, tokens, loginThrottle(), options.failedLoginPenalty()),
                authenticator.orElseThrow(),
                cookie,
                new ClientAddress(config.security().trustedProxyHops()),
                revocations));
  }

  /** Counted in the database when there is one, so every replica sharing it refuses alike. */
  private LoginThrottle loginThrottle() {
    FailedLogins failures =
        store
            .<FailedLogins>map(s -> new SharedFailedLogins(s.loginFailures()))
            .orElseGet(MemoryFailedLogins::new);
    return new LoginThrottle(failures, options.clock());
  }
}
