package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.deploy.approval.UserName;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The admin role, swiss's first and only role until teams exist: the local login's user and the
 * anonymous user of a server with no login hold it by the way they sign in ({@link Session}); a
 * user a trusted proxy names holds it when {@code server.auth.admins} lists them, compared as
 * {@link UserName} compares names. A later role model replaces this one class.
 */
public final class AdminRole {
  /** The role's name, as refusals say it. */
  public static final String NAME = "admin";

  private final Set<UserName> proxiedAdmins;

  public AdminRole(List<String> admins) {
    this.proxiedAdmins = admins.stream().map(UserName::of).collect(Collectors.toUnmodifiableSet());
  }

  /** The session with the role decided: only a proxied user's depends on the list. */
  public Session assign(Session session) {
    if (session.via() != Session.Via.PROXY) {
      return session;
    }
    return session.withAdmin(proxiedAdmins.contains(UserName.of(session.user())));
  }
}
