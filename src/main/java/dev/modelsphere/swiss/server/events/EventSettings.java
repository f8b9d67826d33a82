package dev.modelsphere.swiss.server.events;

import java.time.Duration;

/**
 * How the event streams run.
 *
 * @param heartbeat how often every stream gets a comment, so proxies keep it open and a client that
 *     left is noticed
 * @param maxStreams open streams at most; each holds a connection and, while it writes, a thread
 * @param kept recent events kept for clients that reconnect
 */
public record EventSettings(Duration heartbeat, int maxStreams, int kept) {
  /** A heartbeat well inside the idle timeouts of the proxies between a browser and the server. */
  public static final EventSettings DEFAULTS = new EventSettings(Duration.ofSeconds(15), 500, 1024);

  public EventSettings {
    if (heartbeat == null || heartbeat.isNegative() || heartbeat.isZero()) {
      throw new IllegalArgumentException(
          "the event heartbeat must be a positive duration, not %s".formatted(heartbeat));
    }
    if (maxStreams < 1 || kept < 1) {
      throw new IllegalArgumentException(
          "event streams and kept events must be at least 1, not %d and %d"
              .formatted(maxStreams, kept));
    }
  }

  public EventSettings withHeartbeat(Duration every) {
    return new EventSettings(every, maxStreams, kept);
  }

  public EventSettings withMaxStreams(int most) {
    return new EventSettings(heartbeat, most, kept);
  }
}
