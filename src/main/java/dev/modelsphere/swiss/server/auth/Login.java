package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.server.http.ApiException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
   * A token for these credentials, or the refusal of a wrong password once the penalty has passed.
   * The wait holds no thread: the answer is a future a scheduler completes, so a flood of wrong
   * passwords cannot use up the server's threads.
   *
   * @param client who is trying, as the throttle counts clients
   * @return the token; for credentials that do not match, a future that fails with a 401 {@link
   *     ApiException} after the penalty
   * @throws ApiException 429 after too many recent failures, 500 when the credentials cannot be
   *     read
   */
  public CompletableFuture<SessionTokens.Issued> attempt(
      String client, String username, String password) {
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
      return refusedAfterPenalty();
    }
    throttle.clear(client);
    return CompletableFuture.completedFuture(tokens.issue(current));
  }

  private CompletableFuture<SessionTokens.Issued> refusedAfterPenalty() {
    CompletableFuture<SessionTokens.Issued> refused = new CompletableFuture<>();
    CompletableFuture.delayedExecutor(failurePenalty.toMillis(), TimeUnit.MILLISECONDS)
        .execute(
            () ->
                refused.completeExceptionally(new ApiException(401, "wrong username or password")));
    return refused;
  }
}
