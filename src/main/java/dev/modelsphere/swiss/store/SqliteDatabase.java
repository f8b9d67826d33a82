package dev.modelsphere.swiss.store;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * One SQLite file: its directory made private, the file opened in WAL mode (synchronous NORMAL) and
 * migrated.
 */
final class SqliteDatabase {
  /**
   * How long a statement waits for another writer's lock before it fails. Writers hold the lock for
   * milliseconds, so a wait this long means something is wrong rather than merely busy.
   */
  static final Duration BUSY_TIMEOUT = Duration.ofSeconds(5);

  private final Path file;
  private final SQLiteDataSource dataSource;

  private SqliteDatabase(Path file, SQLiteDataSource dataSource) {
    this.file = file;
    this.dataSource = dataSource;
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
    // fsync, and the file stays consistent through any crash. A power cut (not a crash of swiss)
    // may lose the last commits; what is kept here (composed plans, the audit log of runs) the
    // cluster records too, and a lost plan is composed again.
    config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    config.enforceForeignKeys(true);
    SQLiteDataSource dataSource = new SQLiteDataSource(config);
    dataSource.setUrl("jdbc:sqlite:" + file);
    SqliteDatabase database = new SqliteDatabase(file, dataSource);
    database.migrate();
    return database;
  }

  Path file() {
    return file;
  }

  Connection connect() throws SQLException {
    return dataSource.getConnection();
  }

  private void migrate() {
    try {
      Flyway.configure(SqliteDatabase.class.getClassLoader())
          .dataSource(dataSource)
          .locations("classpath:db/migration")
          .javaMigrations(new RunColumnsMigration())
          // A database the reference server wrote has our tables but no migration history:
          // adopt it at version 0 so every migration still runs (each one tolerates what exists).
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .load()
          .migrate();
    } catch (FlywayException e) {
      throw new StoreException(
          "database %s: cannot bring its schema up to date: %s".formatted(file, e.getMessage()), e);
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
