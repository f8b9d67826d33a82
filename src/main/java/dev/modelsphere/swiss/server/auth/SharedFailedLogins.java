package dev.modelsphere.swiss.server.auth;

import dev.modelsphere.swiss.store.FailedLogins;
import dev.modelsphere.swiss.store.StoreException;
import java.time.Instant;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The failed logins every replica records in the database they share. While the database cannot be
 * reached this replica counts in its own memory instead, and adds what it counted there: a login
 * must not depend on the audit log, and guessing stays as slow as on a server that keeps no
 * database.
 */
public final class SharedFailedLogins implements FailedLogins {
  private static final Logger LOG = LoggerFactory.getLogger(SharedFailedLogins.class);

  private final FailedLogins database;
  private final MemoryFailedLogins meanwhile = new MemoryFailedLogins();

  public SharedFailedLogins(FailedLogins database) {
    this.database = database;
  }

  @Override
  public Tally ofClient(String client, Instant since) {
    return counted(failures -> failures.ofClient(client, since));
  }

  @Override
  public Tally ofUser(String username, Instant since) {
    return counted(failures -> failures.ofUser(username, since));
  }

  /** What the database counted, and what this replica counted in memory while it could not. */
  private Tally counted(Function<FailedLogins, Tally> count) {
    Tally here = count.apply(meanwhile);
    try {
      return count.apply(database).plus(here);
    } catch (StoreException e) {
      LOG.warn("failed logins counted in memory: {}", e.getMessage());
      return here;
    }
  }

  @Override
  public void record(String client, String username, Instant at, Instant forgetBefore) {
    try {
      database.record(client, username, at, forgetBefore);
    } catch (StoreException e) {
      LOG.warn("failed login counted in memory: {}", e.getMessage());
      meanwhile.record(client, username, at, forgetBefore);
    }
  }

  @Override
  public void forgetClient(String client) {
    meanwhile.forgetClient(client);
    try {
      database.forgetClient(client);
    } catch (StoreException e) {
      LOG.warn("failed logins not cleared in the database: {}", e.getMessage());
    }
  }
}
