package dev.modelsphere.swiss.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Adds the {@code runs} columns that a database written by an older reference server lacks. It
 * decides by reading the table's columns through JDBC's metadata, which both dialects answer,
 * because SQLite has no {@code ADD COLUMN IF NOT EXISTS} and a "duplicate column" error is no
 * reliable signal.
 */
final class RunColumnsMigration implements JavaMigration {
  private static final Map<String, String> LATER_COLUMNS = new LinkedHashMap<>();

  static {
    LATER_COLUMNS.put("note", "TEXT NOT NULL DEFAULT ''");
    LATER_COLUMNS.put("revision", "INTEGER NOT NULL DEFAULT 0");
  }

  @Override
  public MigrationVersion getVersion() {
    return MigrationVersion.fromVersion("2");
  }

  @Override
  public String getDescription() {
    return "add missing runs columns";
  }

  @Override
  public Integer getChecksum() {
    return LATER_COLUMNS.toString().hashCode();
  }

  @Override
  public boolean canExecuteInTransaction() {
    return true;
  }

  @Override
  public void migrate(Context context) throws SQLException {
    Connection connection = context.getConnection();
    Set<String> present = columns(connection);
    try (Statement statement = connection.createStatement()) {
      for (var column : LATER_COLUMNS.entrySet()) {
        if (!present.contains(column.getKey())) {
          statement.execute(
              "ALTER TABLE runs ADD COLUMN %s %s".formatted(column.getKey(), column.getValue()));
        }
      }
    }
  }

  private static Set<String> columns(Connection connection) throws SQLException {
    Set<String> names = new HashSet<>();
    try (ResultSet rows = connection.getMetaData().getColumns(null, null, "runs", null)) {
      while (rows.next()) {
        names.add(rows.getString("COLUMN_NAME"));
      }
    }
    return names;
  }
}
