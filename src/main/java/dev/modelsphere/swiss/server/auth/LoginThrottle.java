package dev.modelsphere.swiss.server.auth;

import java.time.Duration;

/**
 * Failed logins per client over the last minute. A client with {@value #MAX_FAILURES} recent
 * failures is refused until the oldest of them ages out, so guessing the password is slow. A server
 * with a database counts them there, so every replica sharing it refuses alike.
 */
public interface LoginThrottle {
  int MAX_FAILURES = 10;
  Duration WINDOW = Duration.ofMinutes(1);

  boolean isThrottled(String client);

  void recordFailure(String client);

  /** The client signed in: its failures are forgotten. */
  void clear(String client);
}
