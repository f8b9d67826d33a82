package dev.modelsphere.swiss.sitestate;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** The TTL caches of the site state: Caffeine, counting time on the server's clock. */
final class Expiring {
  private Expiring() {}

  /**
   * A cache whose entries are gone {@code ttl} after they were last written, as {@code clock}
   * tells; a value is never served once {@code ttl} has passed, exactly as a read-time comparison
   * would.
   */
  static <K, V> Cache<K, V> afterWrite(Duration ttl, Clock clock) {
    return Caffeine.newBuilder().expireAfterWrite(ttl).ticker(ticker(clock)).build();
  }

  /**
   * {@code clock} as Caffeine reads time: nanoseconds from when the cache was made. The server's
   * clock, not Caffeine's own, so a test that moves its clock moves the TTLs with it.
   */
  static Ticker ticker(Clock clock) {
    Instant origin = clock.instant();
    return () -> Duration.between(origin, clock.instant()).toNanos();
  }
}
