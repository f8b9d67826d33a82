package dev.modelsphere.swiss.server.auth;

import java.time.Duration;

/** A login refused before its password was checked: too many failures came before it. */
public final class LoginThrottled extends RuntimeException {
  private final long retryAfterSeconds;

  /**
   * @param why which rule refused it, and the failures it counted
   * @param wait how long until a login may be tried again
   */
  LoginThrottled(String why, Duration wait) {
    this(why, Math.max(1, (wait.toMillis() + 999) / 1000));
  }

  private LoginThrottled(String why, long seconds) {
    super("%s; wait %d s and try again".formatted(why, seconds));
    this.retryAfterSeconds = seconds;
  }

  /**
   * Whole seconds until a login may be tried again, at least 1: the answer's {@code Retry-After}.
   */
  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
