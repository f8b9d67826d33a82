package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.server.http.BasePath;
import io.javalin.http.Context;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code swiss_session} cookie: HttpOnly (scripts cannot read it), SameSite=Strict (other sites
 * cannot make the browser send it), Secure as {@code server.auth.cookieSecure} says. It is written
 * as the reference writes it: {@code Expires} is the token's own expiry, taken from the token
 * rather than recomputed from a max age.
 */
public final class SessionCookie {
  public static final String NAME = "swiss_session";

  /** The cookie date of RFC 6265 §4.1.1, with a two-digit day. */
  private static final DateTimeFormatter EXPIRES =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
          .withZone(ZoneOffset.UTC);

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
    write(
        ctx,
        "%s=%s; Path=%s; Expires=%s"
            .formatted(NAME, token.token(), path(ctx), EXPIRES.format(token.expiresAt())));
  }

  /** Tells the browser to forget the cookie. The token itself stays valid until it expires. */
  public void clear(Context ctx) {
    write(ctx, "%s=; Path=%s; Max-Age=0".formatted(NAME, path(ctx)));
  }

  private static String path(Context ctx) {
    return BasePath.seenByOrRoot(ctx) + "/";
  }

  private void write(Context ctx, String cookie) {
    String secure = secure(ctx) ? "; Secure" : "";
    ctx.res().addHeader("Set-Cookie", cookie + "; HttpOnly" + secure + "; SameSite=Strict");
  }

  private boolean secure(Context ctx) {
    return switch (secureMode) {
      case "always" -> true;
      case "never" -> false;
      default -> ctx.req().isSecure() || "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto"));
    };
  }
}
