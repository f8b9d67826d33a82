package dev.modelsphere.swiss.server.auth;

import java.time.Instant;

/**
 * Who a request comes from.
 *
 * @param user the logged-in user, or the user a trusted proxy named
 * @param expiresAt when the session token expires; null for a proxied session, which has no token
 *     of its own
 * @param tokenId the token's id (its {@code jti}), by which a logout revokes it; empty without a
 *     token
 */
public record Session(String user, Instant expiresAt, String tokenId) {
  /** The user a trusted proxy vouches for; {@value #PROXY_USER} when it names none. */
  public static final String PROXY_USER = "proxy";

  /** Who acts when the server runs with no login at all; the audit log still names someone. */
  public static final String ANONYMOUS = "anonymous";

  public static Session proxied(String user) {
    return new Session(user == null || user.isBlank() ? PROXY_USER : user.strip(), null, "");
  }

  public static Session anonymous() {
    return new Session(ANONYMOUS, null, "");
  }

  public boolean hasToken() {
    return expiresAt != null;
  }
}
