package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.server.routes.WebRoutes;
import java.time.Clock;
import java.time.Duration;

/**
 * What a running server takes beyond its config document.
 *
 * @param version shown by {@code /healthz}
 * @param failedLoginPenalty how long a wrong password waits before it is answered
 * @param webRoot the classpath directory of the web UI
 */
public record ServerOptions(
    String version, Clock clock, Duration failedLoginPenalty, String webRoot) {
  /** One second per wrong password makes guessing slow and costs a person nothing. */
  public static final Duration FAILED_LOGIN_PENALTY = Duration.ofSeconds(1);

  public static ServerOptions defaults(String version) {
    return new ServerOptions(version, Clock.systemUTC(), FAILED_LOGIN_PENALTY, WebRoutes.WEB_ROOT);
  }
}
