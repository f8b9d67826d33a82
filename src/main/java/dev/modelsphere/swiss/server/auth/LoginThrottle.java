package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.store.FailedLogins;
import dev.modelsphere.swiss.store.FailedLogins.Tally;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Whether a login may be tried now, from the failures before it. Two rules, and the longer wait
 * wins:
 *
 * <ul>
 *   <li>a client with {@value #CLIENT_MAX_FAILURES} failures in the last {@link #CLIENT_WINDOW} is
 *       refused until the oldest of them ages out (the reference's rule), so one address guesses
 *       slowly;
 *   <li>a username with {@value #USER_FREE_FAILURES} failures in the last {@link #USER_WINDOW},
 *       from any clients, waits {@link #FIRST_BACKOFF} after its last failure, twice that after the
 *       next, and so on up to {@link #MAX_BACKOFF}, so spreading guesses over many addresses does
 *       not make guessing one user's password fast.
 * </ul>
 *
 * The second rule also slows the user's own logins while someone guesses at the account; its wait
 * is capped for that reason, and the first rule alone stops one address long before it applies.
 */
public final class LoginThrottle {
  static final int CLIENT_MAX_FAILURES = 10;
  static final Duration CLIENT_WINDOW = Duration.ofMinutes(1);

  /** Twice a client's allowance: one address never reaches it within a client window. */
  static final int USER_FREE_FAILURES = 2 * CLIENT_MAX_FAILURES;

  static final Duration USER_WINDOW = Duration.ofHours(1);
  static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
  static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

  private final FailedLogins failures;
  private final Clock clock;

  public LoginThrottle(FailedLogins failures, Clock clock) {
    this.failures = failures;
    this.clock = clock;
  }

  /**
   * Lets a login go ahead, or refuses it. Reads only: a refused login writes nothing.
   *
   * @param username the name the per-user rule counts (see {@link Credentials#throttledName})
   * @throws LoginThrottled saying how long to wait
   */
  public void check(String client, String username) {
    Instant now = clock.instant();
    Tally ofClient = failures.ofClient(client, now.minus(CLIENT_WINDOW));
    if (ofClient.count() >= CLIENT_MAX_FAILURES) {
      throw new LoginThrottled(
          "too many failed logins from this address (%d in the last minute)"
              .formatted(ofClient.count()),
          Duration.between(now, ofClient.oldest().plus(CLIENT_WINDOW)));
    }
    Tally ofUser = failures.ofUser(username, now.minus(USER_WINDOW));
    if (ofUser.count() >= USER_FREE_FAILURES) {
      Duration wait =
          Duration.between(now, ofUser.newest().plus(backoff(ofUser.count() - USER_FREE_FAILURES)));
      if (!wait.isNegative() && !wait.isZero()) {
        throw new LoginThrottled(
            "too many failed logins with this username from any address (%d in the last hour)"
                .formatted(ofUser.count()),
            wait);
      }
    }
  }

  public void recordFailure(String client, String username) {
    Instant now = clock.instant();
    failures.record(client, username, now, now.minus(USER_WINDOW));
  }

  /** The client signed in: its failures were its user's own typing, and are forgotten. */
  public void succeeded(String client) {
    failures.forgetClient(client);
  }

  /** The wait after the {@code over}-th failure beyond the free ones (0 for the first). */
  static Duration backoff(int over) {
    // Past 2^20 seconds the cap has long been reached; the shift would overflow long after.
    return over >= 20 ? MAX_BACKOFF : min(FIRST_BACKOFF.multipliedBy(1L << over), MAX_BACKOFF);
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
