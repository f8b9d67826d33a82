package dev.modelsphere.swiss.server.auth;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/** The failed logins of one server, in its memory: for a server that keeps no database. */
public final class MemoryLoginThrottle implements LoginThrottle {
  private static final int SWEEP_AT = 10_000;

  private final Clock clock;
  private final Map<String, Deque<Instant>> failures = new HashMap<>();

  public MemoryLoginThrottle(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized boolean isThrottled(String client) {
    return recent(client).size() >= MAX_FAILURES;
  }

  @Override
  public synchronized void recordFailure(String client) {
    if (failures.size() >= SWEEP_AT) {
      // Clients that stopped trying would otherwise stay in memory for good.
      Instant cutoff = clock.instant().minus(WINDOW);
      failures.values().removeIf(times -> times.peekLast().isBefore(cutoff));
    }
    failures.computeIfAbsent(client, c -> new ArrayDeque<>()).addLast(clock.instant());
  }

  @Override
  public synchronized void clear(String client) {
    failures.remove(client);
  }

  private Deque<Instant> recent(String client) {
    Deque<Instant> times = failures.getOrDefault(client, new ArrayDeque<>());
    Instant cutoff = clock.instant().minus(WINDOW);
    while (!times.isEmpty() && times.peekFirst().isBefore(cutoff)) {
      times.removeFirst();
    }
    if (times.isEmpty()) {
      failures.remove(client);
    }
    return times;
  }
}
