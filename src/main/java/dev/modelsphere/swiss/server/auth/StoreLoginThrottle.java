package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoreException;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The failed logins every replica records in the database they share. While the database cannot be
 * reached this replica counts in its own memory instead: a login must not depend on the audit log,
 * and guessing stays as slow as on a server that keeps no database.
 */
public final class StoreLoginThrottle implements LoginThrottle {
  private static final Logger LOG = LoggerFactory.getLogger(StoreLoginThrottle.class);

  private final Store store;
  private final Clock clock;
  private final MemoryLoginThrottle meanwhile;

  public StoreLoginThrottle(Store store, Clock clock) {
    this.store = store;
    this.clock = clock;
    this.meanwhile = new MemoryLoginThrottle(clock);
  }

  @Override
  public boolean isThrottled(String client) {
    try {
      return store.loginFailuresSince(client, windowStart()) >= MAX_FAILURES
          || meanwhile.isThrottled(client);
    } catch (StoreException e) {
      LOG.warn("failed logins counted in memory: {}", e.getMessage());
      return meanwhile.isThrottled(client);
    }
  }

  @Override
  public void recordFailure(String client) {
    try {
      store.recordLoginFailure(client, clock.instant(), windowStart());
    } catch (StoreException e) {
      LOG.warn("failed login counted in memory: {}", e.getMessage());
      meanwhile.recordFailure(client);
    }
  }

  @Override
  public void clear(String client) {
    meanwhile.clear(client);
    try {
      store.clearLoginFailures(client);
    } catch (StoreException e) {
      LOG.warn("failed logins not cleared in the database: {}", e.getMessage());
    }
  }

  private Instant windowStart() {
    return clock.instant().minus(WINDOW);
  }
}
