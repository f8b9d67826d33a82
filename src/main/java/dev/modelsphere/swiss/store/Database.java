package dev.modelsphere.swiss.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * Where the store keeps its tables: a SQLite file or a PostgreSQL server. The store's SQL reads the
 * same on both; what differs (connecting, making a commit durable, backing up) is here.
 */
sealed interface Database permits SqliteDatabase, PostgresDatabase {

  /** What the database is, for messages: a file's path, or a server's URL without its password. */
  String name();

  Connection connect() throws SQLException;

  /** A connection whose commits survive a power cut, where the database's default does not. */
  Connection connectDurable() throws SQLException;

  /**
   * Writes a consistent copy of the whole database to a new file while the server keeps running.
   *
   * @throws StoreException when this database cannot be copied so, saying what to use instead
   */
  void backupTo(Connection c, Path destination) throws SQLException;

  void close();

  /**
   * Brings the schema up to date: the first migration in the dialect's own words ({@code
   * db/<dialect>}), every later one shared ({@code db/migration}, and {@link RunColumnsMigration}).
   *
   * @param dialect the folder under {@code db/} that holds the dialect's first migration
   */
  static void migrate(String name, javax.sql.DataSource dataSource, String dialect) {
    try {
      Flyway.configure(Database.class.getClassLoader())
          .dataSource(dataSource)
          .locations("classpath:db/" + dialect, "classpath:db/migration")
          .javaMigrations(new RunColumnsMigration())
          // A database the reference server wrote has our tables but no migration history:
          // adopt it at version 0 so every migration still runs (each one tolerates what exists).
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .load()
          .migrate();
    } catch (FlywayException e) {
      throw new StoreException(
          "database %s: cannot bring its schema up to date: %s".formatted(name, e.getMessage()), e);
    }
  }
}
