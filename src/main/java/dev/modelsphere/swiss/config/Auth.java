package dev.modelsphere.swiss.config;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.modelsphere.swiss.values.Nulls;
import java.time.Duration;
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
 */
public record Auth(
    String dir,
    @JsonDeserialize(using = GoDurationDeserializer.class) Duration tokenTTL,
    boolean disabled,
    String cookieSecure) {

  public static final Duration DEFAULT_TOKEN_TTL = Duration.ofHours(24);
  public static final String COOKIE_SECURE_AUTO = "auto";
  public static final Set<String> COOKIE_SECURE_MODES = Set.of("auto", "always", "never");

  public Auth {
    dir = Nulls.orEmpty(dir);
    tokenTTL = tokenTTL == null || tokenTTL.isZero() ? DEFAULT_TOKEN_TTL : tokenTTL;
    cookieSecure = Nulls.or(cookieSecure, COOKIE_SECURE_AUTO);
  }

  public static Auth defaults() {
    return new Auth(null, null, false, null);
  }
}
