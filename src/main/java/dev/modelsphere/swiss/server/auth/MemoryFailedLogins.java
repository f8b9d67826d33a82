package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.store.FailedLogins;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Predicate;

/**
 * The failed logins of one server, in its memory, oldest first: for a server that keeps no
 * database, and for one whose database cannot be reached meanwhile.
 */
public final class MemoryFailedLogins implements FailedLogins {
  /**
   * Failures kept at most. Each costs a wrong password and its penalty, and the throttle stops an
   * address after a few, so only a great many addresses reach this; they then push out the oldest
   * rather than the server's memory.
   */
  static final int MAX_KEPT = 100_000;

  private record Failure(String client, String username, Instant at) {}

  private final Deque<Failure> failures = new ArrayDeque<>();

  @Override
  public synchronized Tally ofClient(String client, Instant since) {
    return tally(f -> f.client().equals(client), since);
  }

  @Override
  public synchronized Tally ofUser(String username, Instant since) {
    return tally(f -> f.username().equals(username), since);
  }

  @Override
  public synchronized void record(
      String client, String username, Instant at, Instant forgetBefore) {
    while (!failures.isEmpty()
        && (failures.peekFirst().at().isBefore(forgetBefore) || failures.size() >= MAX_KEPT)) {
      failures.removeFirst();
    }
    failures.addLast(new Failure(client, username, at));
  }

  @Override
  public synchronized void forgetClient(String client) {
    failures.removeIf(f -> f.client().equals(client));
  }

  private Tally tally(Predicate<Failure> whose, Instant since) {
    Tally tally = Tally.NONE;
    for (Failure f : failures) {
      if (whose.test(f) && !f.at().isBefore(since)) {
        tally = tally.plus(new Tally(1, f.at(), f.at()));
      }
    }
    return tally;
  }
}
