package dev.modelsphere.swiss.server.routes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.modelsphere.swiss.store.Run;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The answers of the session, health and audit-log routes, member for member in the reference's
 * order; every member is always written unless marked otherwise.
 */
public final class ReadAnswers {
  private ReadAnswers() {}

  /** {@code GET /healthz}: the process runs. */
  record Health(String status, String version) {
    static Health ok(String version) {
      return new Health("ok", version);
    }
  }

  /** {@code GET /readyz}: whether the server can serve, and each check's word. */
  record Readiness(boolean ready, Map<String, String> checks) {}

  /** {@code GET /api/runs}: the runs, newest first, and whether there is a log at all. */
  record Runs(List<Run> runs, boolean hasStore) {}

  /** {@code POST /api/login}: who is logged in now, and the token the cookie also carries. */
  public record LoggedIn(
      boolean authenticated, String user, Instant expiresAt, boolean initialized, String token) {}

  /** {@code POST /api/logout}. */
  record LoggedOut(boolean ok) {}

  /**
   * {@code GET /api/session}: whether the caller is logged in. A stranger gets {@code
   * authenticated} alone.
   *
   * @param authDisabled only on a server without a login
   * @param user only for a session
   * @param initialized whether the site is set up; not told to a stranger
   * @param expiresAt only for a session that expires (not a proxy's)
   */
  public record SessionState(
      boolean authenticated,
      @JsonInclude(Include.NON_DEFAULT) boolean authDisabled,
      @JsonInclude(Include.NON_EMPTY) String user,
      @JsonInclude(Include.NON_NULL) Boolean initialized,
      @JsonInclude(Include.NON_NULL) Instant expiresAt) {

    static SessionState withoutLogin(boolean initialized) {
      return new SessionState(true, true, "", initialized, null);
    }

    static SessionState stranger() {
      return new SessionState(false, false, "", null, null);
    }

    static SessionState of(String user, boolean initialized, Instant expiresAt) {
      return new SessionState(true, false, user, initialized, expiresAt);
    }
  }
}
