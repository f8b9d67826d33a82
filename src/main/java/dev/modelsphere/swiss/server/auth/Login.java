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
   * passwords cannot use up the server's threads. The throttle is asked before the password is
   * checked, and a refused login writes nothing.
   *
   * @param client who is trying, as {@link ClientAddress} tells clients apart
   * @return the token; for credentials that do not match, a future that fails with a 401 {@link
   *     ApiException} after the penalty
   * @throws LoginThrottled after too many recent failures of this client or this username
   * @throws ApiException 500 when the credentials cannot be read
   */
  public CompletableFuture<SessionTokens.Issued> attempt(
      String client, String username, String password) {
    Credentials current = current();
    String counted = current.throttledName(username);
    // One attempt at a time from the throttle's check to its record: otherwise a burst of
    // concurrent guesses would all pass the check before the first failure was counted.
    synchronized (throttle) {
      throttle.check(client, counted);
      if (!current.matches(username, password)) {
        throttle.recordFailure(client, counted);
        return refusedAfterPenalty();
      }
      throttle.succeeded(client);
    }
    return CompletableFuture.completedFuture(tokens.issue(current));
  }

  private Credentials current() {
    try {
      return credentials.current();
    } catch (AuthException e) {
      LOG.error("login credentials in {}: {}", credentials.dir(), e.getMessage());
      throw new ApiException(500, "the login credentials are not readable; check the server's log");
    }
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
