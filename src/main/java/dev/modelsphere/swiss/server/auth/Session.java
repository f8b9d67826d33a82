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
 * @param via how the user was recognised
 * @param admin the session holds the admin role: the site's own work (its profile, releases swiss
 *     does not manage) is open to it
 */
public record Session(String user, Instant expiresAt, String tokenId, Via via, boolean admin) {
  /** The user a trusted proxy vouches for; {@value #PROXY_USER} when it names none. */
  public static final String PROXY_USER = "proxy";

  /** Who acts when the server runs with no login at all; the audit log still names someone. */
  public static final String ANONYMOUS = "anonymous";

  /** How a session's user was recognised. */
  public enum Via {
    /** The local login's one account: whoever holds its password. */
    LOGIN,
    /** A user a trusted proxy named: one person, as the proxy's own login knows them. */
    PROXY,
    /** A server with no login: everyone who can reach it. */
    NONE
  }

  /**
   * A session of the local login's token. Its one account is the site's operator, so it holds the
   * admin role.
   */
  public Session(String user, Instant expiresAt, String tokenId) {
    this(user, expiresAt, tokenId, Via.LOGIN, true);
  }

  /** A proxied user holds no role until the admins list names them ({@link AdminRole}). */
  public static Session proxied(String user) {
    return new Session(
        user == null || user.isBlank() ? PROXY_USER : user.strip(), null, "", Via.PROXY, false);
  }

  /**
   * A server with no login listens on loopback only (unless {@code insecureListen} says otherwise),
   * so whoever reaches it is the machine's one trusted operator: admin.
   */
  public static Session anonymous() {
    return new Session(ANONYMOUS, null, "", Via.NONE, true);
  }

  public boolean hasToken() {
    return expiresAt != null;
  }

  /**
   * An account several people may hold (the local login's, the anonymous one): it cannot stand for
   * a second person when a write needs one.
   */
  public boolean sharedAccount() {
    return via != Via.PROXY;
  }

  Session withAdmin(boolean holdsRole) {
    return new Session(user, expiresAt, tokenId, via, holdsRole);
  }
}
