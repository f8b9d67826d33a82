package dev.modelsphere.swiss.store;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * One SQLite file: its directory made private, the file opened in WAL mode (synchronous NORMAL) and
 * migrated.
 */
final class SqliteDatabase implements Database {
  /**
   * How long a statement waits for another writer's lock before it fails. Writers hold the lock for
   * milliseconds, so a wait this long means something is wrong rather than merely busy.
   */
  static final Duration BUSY_TIMEOUT = Duration.ofSeconds(5);

  private final Path file;
  private final SQLiteDataSource dataSource;

  /**
   * A connection held open for as long as the database is: each statement opens and closes its own,
   * and SQLite checkpoints the write-ahead log into the file, syncs it and deletes the log whenever
   * the last connection closes. Held open, no statement's close is the last, and checkpoints happen
   * only as the log grows (every 1000 pages).
   */
  private final Connection keeper;

  private SqliteDatabase(Path file, SQLiteDataSource dataSource, Connection keeper) {
    this.file = file;
    this.dataSource = dataSource;
    this.keeper = keeper;
  }

  /**
   * Opens the file, creating it and its directory (readable by this user only) when absent, and
   * brings its schema up to date.
   *
   * @throws StoreException naming the file and what failed
   */
  static SqliteDatabase open(Path file) {
    createDirectory(file);
    SQLiteConfig config = new SQLiteConfig();
    config.setBusyTimeout((int) BUSY_TIMEOUT.toMillis());
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    // In WAL mode NORMAL syncs the log at checkpoints, not at every commit: a commit costs no
    // fsync, and the file stays consistent through any crash. A power cut or an OS crash (not a
    // crash of swiss) may lose the last commits: a composed plan lost so is composed again. The
    // audit log's commits sync (Store.recordRun asks for FULL on its own connection).
    config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    config.enforceForeignKeys(true);
    SQLiteDataSource dataSource = new SQLiteDataSource(config);
    dataSource.setUrl("jdbc:sqlite:" + file);
    Database.migrate(file.toString(), dataSource, "sqlite");
    try {
      return new SqliteDatabase(file, dataSource, dataSource.getConnection());
    } catch (SQLException e) {
      throw new StoreException(
          "database %s: cannot open it: %s".formatted(file, e.getMessage()), e);
    }
  }

  /** Closes the connection held open; the last close checkpoints the log into the file. */
  @Override
  public void close() {
    try {
      keeper.close();
    } catch (SQLException e) {
      throw new StoreException(
          "database %s: cannot close it: %s".formatted(file, e.getMessage()), e);
    }
  }

  @Override
  public String name() {
    return file.toString();
  }

  @Override
  public Connection connect() throws SQLException {
    return dataSource.getConnection();
  }

  /** WAL mode with NORMAL syncs at checkpoints only; FULL syncs this connection's commits. */
  @Override
  public void durable(Connection c) throws SQLException {
    try (Statement pragma = c.createStatement()) {
      pragma.execute("PRAGMA synchronous = FULL");
    }
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

  private static void createDirectory(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    if (Files.isDirectory(dir)) {
      return;
    }
    try {
      if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
        Files.createDirectories(
            dir,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } else {
        Files.createDirectories(dir);
      }
    } catch (IOException e) {
      throw new StoreException(
          "database %s: cannot create its directory %s: %s".formatted(file, dir, e), e);
    }
  }
}
