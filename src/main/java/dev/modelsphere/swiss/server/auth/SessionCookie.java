package dev.modelsphere.swiss.server.auth;

import io.javalin.http.Context;
import java.time.Instant;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.server.HttpCookieUtils;

/**
 * The {@code swiss_session} cookie: HttpOnly (scripts cannot read it), SameSite=Strict (other sites
 * cannot make the browser send it), Secure as {@code server.auth.cookieSecure} says.
 */
public final class SessionCookie {
  public static final String NAME = "swiss_session";

  private final String secureMode;

  /**
   * @param secureMode {@code always}, {@code never}, or {@code auto}: secure when the request came
   *     over TLS, directly or through a proxy that says so in {@code X-Forwarded-Proto}
   */
  public SessionCookie(String secureMode) {
    this.secureMode = secureMode;
  }

  public static String read(Context ctx) {
    return ctx.cookie(NAME);
  }

  public void set(Context ctx, SessionTokens.Issued token) {
    write(ctx, HttpCookie.build(NAME, token.token()).expires(token.expiresAt()));
  }

  /** Tells the browser to forget the cookie. The token itself stays valid until it expires. */
  public void clear(Context ctx) {
    write(ctx, HttpCookie.build(NAME, "").maxAge(0).expires(Instant.EPOCH));
  }

  private void write(Context ctx, HttpCookie.Builder cookie) {
    HttpCookie built =
        cookie
            .path("/")
            .httpOnly(true)
            .sameSite(HttpCookie.SameSite.STRICT)
            .secure(secure(ctx))
            .build();
    ctx.res().addHeader("Set-Cookie", HttpCookieUtils.getRFC6265SetCookie(built));
  }

  private boolean secure(Context ctx) {
    return switch (secureMode) {
      case "always" -> true;
      case "never" -> false;
      default -> ctx.req().isSecure() || "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto"));
    };
  }
}
