package dev.modelsphere.swiss.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/** The failed logins every replica records in the database they share ({@code login_failures}). */
public final class StoredLoginFailures implements FailedLogins {
  private final Statements statements;

  StoredLoginFailures(Statements statements) {
    this.statements = statements;
  }

  @Override
  public void record(String client, String username, Instant at, Instant forgetBefore) {
    statements.update(
        "forget old failed logins",
        "DELETE FROM login_failures WHERE failed_at < ?",
        forgetBefore.toEpochMilli());
    statements.update(
        "record a failed login",
        "INSERT INTO login_failures (client, username, failed_at) VALUES (?, ?, ?)",
        client,
        username,
        at.toEpochMilli());
  }

  @Override
  public Tally ofClient(String client, Instant since) {
    return tally("client", client, since);
  }

  @Override
  public Tally ofUser(String username, Instant since) {
    return tally("username", username, since);
  }

  @Override
  public void forgetClient(String client) {
    statements.update("clear failed logins", "DELETE FROM login_failures WHERE client = ?", client);
  }

  private Tally tally(String column, String value, Instant since) {
    String sql =
        "SELECT count(*), min(failed_at), max(failed_at) FROM login_failures"
            + " WHERE %s = ? AND failed_at >= ?".formatted(column);
    return statements.query(
        "count failed logins", sql, StoredLoginFailures::tally, value, since.toEpochMilli());
  }

  private static Tally tally(ResultSet rows) throws SQLException {
    rows.next();
    int count = rows.getInt(1);
    return count == 0
        ? Tally.NONE
        : new Tally(
            count, Instant.ofEpochMilli(rows.getLong(2)), Instant.ofEpochMilli(rows.getLong(3)));
  }
}
