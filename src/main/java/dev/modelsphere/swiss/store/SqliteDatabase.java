package dev.modelsphere.swiss.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * One SQLite file: its directory made private, the file opened in WAL mode (synchronous NORMAL) and
 * migrated, its connections kept open in a small pool.
 */
final class SqliteDatabase implements Database {
  /**
   * How long a statement waits for another writer's lock before it fails. Writers hold the lock for
   * milliseconds, so a wait this long means something is wrong rather than merely busy.
   */
  static final Duration BUSY_TIMEOUT = Duration.ofSeconds(5);

  /**
   * Connections open at once. Writers take SQLite's one write lock in turn whatever their number;
   * readers in WAL mode do not wait for them.
   */
  private static final int POOL_SIZE = 4;

  private final Path file;

  /**
   * Connections kept open for as long as the database is. Opening one per statement cost more than
   * the statement (the file opened, every pragma applied, the schema read again): half a
   * millisecond of each stored plan. Held open, they also keep the write-ahead log: SQLite
   * checkpoints it into the file, syncs it and deletes it whenever the last connection closes, and
   * here only as it grows (every 1000 pages) and at {@link #close()}.
   */
  private final HikariDataSource pool;

  /** Opens a connection whose commits sync, for the few writes that must survive a power cut. */
  private final SQLiteDataSource durable;

  private SqliteDatabase(Path file, HikariDataSource pool, SQLiteDataSource durable) {
    this.file = file;
    this.pool = pool;
    this.durable = durable;
  }

  /**
   * Opens the file, creating it and its directory (readable by this user only) when absent, and
   * brings its schema up to date. A directory open to other users is refused ({@link
   * StateDirectory}).
   *
   * @throws StoreException naming the file and what failed
   */
  static SqliteDatabase open(Path file) {
    StateDirectory.require(file.toAbsolutePath().getParent());
    // In WAL mode NORMAL syncs the log at checkpoints, not at every commit: a commit costs no
    // fsync, and the file stays consistent through any crash. A power cut or an OS crash (not a
    // crash of swiss) may lose the last commits: a composed plan lost so is composed again. The
    // audit log's and the approvals' commits sync (connectDurable).
    SQLiteDataSource normal = dataSource(file, SQLiteConfig.SynchronousMode.NORMAL);
    Database.migrate(file.toString(), normal, "sqlite");
    HikariConfig config = new HikariConfig();
    config.setDataSource(normal);
    config.setPoolName("swiss-store");
    config.setMaximumPoolSize(POOL_SIZE);
    config.setMinimumIdle(POOL_SIZE);
    // A file's connection does not go stale as a server's does: never retire one (which would
    // close the last and checkpoint the log).
    config.setMaxLifetime(0);
    config.setIdleTimeout(0);
    config.setConnectionTimeout(BUSY_TIMEOUT.toMillis());
    try {
      return new SqliteDatabase(
          file, new HikariDataSource(config), dataSource(file, SQLiteConfig.SynchronousMode.FULL));
    } catch (HikariPool.PoolInitializationException e) {
      throw new StoreException(
          "database %s: cannot open it: %s".formatted(file, e.getMessage()), e);
    }
  }

  private static SQLiteDataSource dataSource(Path file, SQLiteConfig.SynchronousMode sync) {
    SQLiteConfig config = new SQLiteConfig();
    config.setBusyTimeout((int) BUSY_TIMEOUT.toMillis());
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    config.setSynchronous(sync);
    config.enforceForeignKeys(true);
    // Ids are read with RETURNING; left on, the driver asks for last_insert_rowid() after every
    // INSERT, a second statement on each stored plan.
    config.setGetGeneratedKeys(false);
    SQLiteDataSource dataSource = new SQLiteDataSource(config);
    dataSource.setUrl("jdbc:sqlite:" + file);
    return dataSource;
  }

  /** Closes the pool's connections; the last close checkpoints the log into the file. */
  @Override
  public void close() {
    pool.close();
  }

  @Override
  public String name() {
    return file.toString();
  }

  @Override
  public Connection connect() throws SQLException {
    return pool.getConnection();
  }

  /**
   * A connection of its own, opened for the write and closed after it: a pooled one set to sync
   * would stay so for every later statement.
   */
  @Override
  public Connection connectDurable() throws SQLException {
    return durable.getConnection();
  }

  /**
   * SQLite's {@code VACUUM INTO} reads one snapshot (committed rows, the write-ahead log included)
   * and never blocks the writers for longer than a statement.
   */
  @Override
  public void backupTo(Connection c, Path destination) throws SQLException {
    try (PreparedStatement vacuum = c.prepareStatement("VACUUM INTO ?")) {
      vacuum.setString(1, destination.toString());
      vacuum.executeUpdate();
    }
  }
}
