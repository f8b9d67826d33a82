package dev.modelsphere.swiss.store;

import java.time.Instant;

/**
 * Where failed logins are kept, one record per failure naming the client (as the login throttle
 * tells clients apart) and the username it tried, so they can be counted by either: in the database
 * every replica shares ({@link StoredLoginFailures}), or in one server's memory.
 */
public interface FailedLogins {
  /**
   * How many failures a client or a username had in a window, and when the first and the last of
   * them were ({@link Instant#EPOCH} when there were none).
   */
  record Tally(int count, Instant oldest, Instant newest) {
    public static final Tally NONE = new Tally(0, Instant.EPOCH, Instant.EPOCH);

    /** Both tallies as one: failures counted in two places (the database, and memory meanwhile). */
    public Tally plus(Tally other) {
      if (count == 0) {
        return other;
      }
      if (other.count == 0) {
        return this;
      }
      return new Tally(
          count + other.count,
          oldest.isBefore(other.oldest) ? oldest : other.oldest,
          newest.isAfter(other.newest) ? newest : other.newest);
    }
  }

  /** The failures of {@code client} since {@code since}, whatever username they tried. */
  Tally ofClient(String client, Instant since);

  /** The failures trying {@code username} since {@code since}, from any client. */
  Tally ofUser(String username, Instant since);

  /**
   * Records a failure of {@code client} trying {@code username} at {@code at}, forgetting every
   * failure older than {@code forgetBefore} on the way, so only the longest window any rule looks
   * at is kept.
   */
  void record(String client, String username, Instant at, Instant forgetBefore);

  /** Forgets {@code client}'s failures: it signed in, so they were its user's own typing. */
  void forgetClient(String client);
}
