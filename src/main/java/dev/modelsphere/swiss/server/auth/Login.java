package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.server.http.ApiException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Checks a username and password and issues a session token, slowing down a guessing client. */
public final class Login {
  private static final Logger LOG = LoggerFactory.getLogger(Login.class);

  private final CredentialFiles credentials;
  private final SessionTokens tokens;
  private final LoginThrottle throttle;
  private final Duration failurePenalty;

  /**
   * @param failurePenalty how long a wrong password waits before it is answered
   */
  public Login(
      CredentialFiles credentials,
      SessionTokens tokens,
      LoginThrottle throttle,
      Duration failurePenalty) {
    this.credentials = credentials;
    this.tokens = tokens;
    this.throttle = throttle;
    this.failurePenalty = failurePenalty;
  }

  /**
   * A token for these credentials.
   *
   * @param client who is trying, as the throttle counts clients
   * @throws ApiException 429 after too many recent failures, 500 when the credentials cannot be
   *     read, 401 when they do not match
   */
  public SessionTokens.Issued attempt(String client, String username, String password) {
    if (throttle.isThrottled(client)) {
      throw new ApiException(429, "too many failed logins; wait a minute");
    }
    Credentials current;
    try {
      current = credentials.current();
    } catch (AuthException e) {
      LOG.error("login credentials in {}: {}", credentials.dir(), e.getMessage());
      throw new ApiException(500, "the login credentials are not readable; check the server's log");
    }
    if (!current.matches(username, password)) {
      throttle.recordFailure(client);
      pause();
      throw new ApiException(401, "wrong username or password");
    }
    throttle.clear(client);
    return tokens.issue(current);
  }

  private void pause() {
    try {
      Thread.sleep(failurePenalty.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
