package dev.modelsphere.swiss.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * A PostgreSQL server shared by every swiss replica, through a small connection pool. A commit is
 * durable as the server is configured ({@code synchronous_commit}), so nothing is asked per commit.
 */
final class PostgresDatabase implements Database {
  /**
   * How long a statement waits for a connection. A server that does not answer in this long is
   * taken as gone, so a write fails at once with a clear error instead of hanging its request.
   */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);

  private static final int ALIVE_CHECK_SECONDS = 1;

  /** Enough for the concurrent writes of one replica; every replica has its own pool. */
  private static final int POOL_SIZE = 8;

  private final PostgresUrl url;
  private final HikariDataSource pool;

  private PostgresDatabase(PostgresUrl url, HikariDataSource pool) {
    this.url = url;
    this.pool = pool;
  }

  /**
   * Connects and brings the schema up to date.
   *
   * @param password empty for a server that asks none (trust, or a client certificate)
   * @throws StoreException naming the server and what failed
   */
  static PostgresDatabase open(PostgresUrl url, String password) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url.jdbc());
    config.setUsername(url.user());
    if (!password.isEmpty()) {
      config.setPassword(password);
    }
    config.setPoolName("swiss-store");
    config.setMaximumPoolSize(POOL_SIZE);
    config.setMinimumIdle(1);
    config.setConnectionTimeout(CONNECT_TIMEOUT.toMillis());
    config.setValidationTimeout(Duration.ofSeconds(1).toMillis());
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(config);
    } catch (HikariPool.PoolInitializationException e) {
      throw new StoreException(
          "database %s: cannot connect: %s".formatted(url.name(), rootMessage(e)), e);
    }
    try {
      Database.migrate(url.name(), pool, "postgresql");
    } catch (StoreException e) {
      pool.close();
      throw e;
    }
    return new PostgresDatabase(url, pool);
  }

  @Override
  public String name() {
    return url.name();
  }

  /**
   * A pooled connection the server still answers on. Connections idle in the pool when the server
   * restarted or failed over are dead; the pool hands out one it used moments ago without asking,
   * so it is asked here, and a dead one is dropped for the next. One round trip on loopback or in a
   * cluster costs far less than a write that fails after the server came back.
   */
  @Override
  public Connection connect() throws SQLException {
    for (int tries = 0; tries < POOL_SIZE; tries++) {
      Connection c = pool.getConnection();
      if (c.isValid(ALIVE_CHECK_SECONDS)) {
        return c;
      }
      pool.evictConnection(c);
    }
    return pool.getConnection();
  }

  /** Any: every commit already waits for the server's write-ahead log (synchronous_commit). */
  @Override
  public Connection connectDurable() throws SQLException {
    return connect();
  }

  @Override
  public void backupTo(Connection c, Path destination) {
    throw new StoreException(
        "database %s is a PostgreSQL server: back it up with pg_dump (or the server's own"
                .formatted(url.name())
            + " backups); swiss db backup copies SQLite files only");
  }

  @Override
  public void close() {
    pool.close();
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getMessage();
  }
}
