package dev.modelsphere.swiss.server.auth;

import io.javalin.http.Context;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds who a request comes from: a trusted proxy (its key as bearer, the user in {@code
 * X-Remote-User}), else the session token in {@code Authorization: Bearer}, else the one in the
 * {@code swiss_session} cookie. {@code X-Remote-User} alone proves nothing and is ignored, and a
 * token a logout revoked is no session.
 */
public final class Authenticator {
  static final String REMOTE_USER = "X-Remote-User";
  private static final String BEARER = "Bearer ";
  private static final Logger LOG = LoggerFactory.getLogger(Authenticator.class);

  private final CredentialFiles credentials;
  private final SessionTokens tokens;
  private final TokenRevocations revocations;

  public Authenticator(
      CredentialFiles credentials, SessionTokens tokens, TokenRevocations revocations) {
    this.credentials = credentials;
    this.tokens = tokens;
    this.revocations = revocations;
  }

  /** The request's session; empty when it has none that this server trusts. */
  public Optional<Session> authenticate(Context ctx) {
    Credentials current;
    try {
      current = credentials.current();
    } catch (AuthException e) {
      LOG.warn("nobody can log in: {}", e.getMessage());
      return Optional.empty();
    }
    String bearer = bearer(ctx);
    if (current.isProxyKey(bearer)) {
      return Optional.of(Session.proxied(ctx.header(REMOTE_USER)));
    }
    String token = bearer != null ? bearer : SessionCookie.read(ctx);
    if (token == null || token.isEmpty()) {
      return Optional.empty();
    }
    Session session;
    try {
      session = tokens.verify(token, current);
    } catch (AuthException e) {
      LOG.debug("token refused: {}", e.getMessage());
      return Optional.empty();
    }
    // Checked only for a token that verified: a forged one costs no read of the revocations.
    if (revocations.isRevoked(session.tokenId())) {
      LOG.debug("token refused: its session was logged out");
      return Optional.empty();
    }
    return Optional.of(session);
  }

  private static String bearer(Context ctx) {
    String header = ctx.header("Authorization");
    if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      return null;
    }
    return header.substring(BEARER.length()).strip();
  }
}
