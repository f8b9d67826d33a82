package dev.modelsphere.swiss.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.BiFunction;

/**
 * Runs one statement on a connection of its own, a failure named by what the caller was doing: the
 * small tables beside the audit log (failed logins, revoked tokens) need no more than this.
 */
final class Statements {
  /** Reads what a query answered. */
  interface Reader<T> {
    T read(ResultSet rows) throws SQLException;
  }

  private final Database database;
  private final BiFunction<String, SQLException, StoreException> failure;

  Statements(Database database, BiFunction<String, SQLException, StoreException> failure) {
    this.database = database;
    this.failure = failure;
  }

  /** The number of rows the statement changed. */
  int update(String what, String sql, Object... args) {
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      Store.bind(s, args);
      return s.executeUpdate();
    } catch (SQLException e) {
      throw failure.apply(what, e);
    }
  }

  <T> T query(String what, String sql, Reader<T> reader, Object... args) {
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      Store.bind(s, args);
      try (ResultSet rows = s.executeQuery()) {
        return reader.read(rows);
      }
    } catch (SQLException e) {
      throw failure.apply(what, e);
    }
  }
}
