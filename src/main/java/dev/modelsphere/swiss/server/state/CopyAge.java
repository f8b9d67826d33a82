package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.deploy.view.Fleet;
import java.time.Instant;
import java.util.Optional;

/**
 * How current the lists served from the watches are. A watch only notices a lost connection when
 * the connection breaks; an API server that hangs instead (paused, overloaded, a network that drops
 * packets) leaves every watch looking live. So the copy is only as current as the later of the two
 * proofs allows: the watches' own, capped by the last time the API server answered a readiness ping
 * once one failed.
 */
public final class CopyAge {
  /** The response header that carries {@link #asOf()}, as RFC 3339. */
  public static final String HEADER = "X-Swiss-As-Of";

  private final Fleet fleet;
  private final ClusterPing ping;

  public CopyAge(Fleet fleet, ClusterPing ping) {
    this.fleet = fleet;
    this.ping = ping;
  }

  /** The moment the served copy is known to match the API server; empty before the first lists. */
  public Optional<Instant> asOf() {
    Optional<Instant> watched = fleet.asOf();
    Optional<Instant> answered = ping.answeredAt();
    if (watched.isEmpty() || answered.isEmpty() || ping.lastCheckAnswered()) {
      return watched;
    }
    return Optional.of(watched.get().isBefore(answered.get()) ? watched.get() : answered.get());
  }
}
