package dev.modelsphere.swiss.config;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.modelsphere.swiss.values.Nulls;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The server's login.
 *
 * @param dir a directory holding the {@code username}, {@code password} and {@code tokenKey} files
 *     (a mounted Secret); required unless {@code disabled}
 * @param tokenTTL how long a session token lives; {@link #DEFAULT_TOKEN_TTL} unless set
 * @param disabled serve the API to anyone who can reach it
 * @param cookieSecure {@code auto} (secure when the request came over TLS), {@code always} or
 *     {@code never}
 * @param admins the users a trusted proxy names who hold the admin role (the site profile, and
 *     whatever else is the site's and not a team's); the local login's user always holds it
 */
public record Auth(
    String dir,
    @JsonDeserialize(using = GoDurationDeserializer.class) Duration tokenTTL,
    boolean disabled,
    String cookieSecure,
    List<String> admins) {

  public static final Duration DEFAULT_TOKEN_TTL = Duration.ofHours(24);
  public static final String COOKIE_SECURE_AUTO = "auto";
  public static final Set<String> COOKIE_SECURE_MODES = Set.of("auto", "always", "never");

  public Auth {
    dir = Nulls.orEmpty(dir);
    tokenTTL = tokenTTL == null || tokenTTL.isZero() ? DEFAULT_TOKEN_TTL : tokenTTL;
    cookieSecure = Nulls.or(cookieSecure, COOKIE_SECURE_AUTO);
    admins = Nulls.withoutNullItems(admins);
  }

  public static Auth defaults() {
    return new Auth(null, null, false, null, null);
  }
}
