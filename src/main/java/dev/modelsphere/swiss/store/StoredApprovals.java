package dev.modelsphere.swiss.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The approval requests, beside the audit log. Every change of state is one conditional update
 * naming the state it leaves, so of two servers that decide, spend or expire the same request at
 * once exactly one succeeds, and the other learns it lost.
 */
public final class StoredApprovals {
  private static final String COLUMNS =
      "id, action, namespace, release, plan_hash, to_revision, content_hash, chart_digest,"
          + " force_conflicts, force_chart, note, revision, state,"
          + " requested_by, requested_at, expires_at, decided_by, decided_at, decision_note,"
          + " spent_at, plan_document";

  /** How many requests a listing gives at most. */
  public static final int LIST_LIMIT = 100;

  private final Database database;
  private final BiFunction<String, SQLException, StoreException> failure;

  StoredApprovals(Database database, BiFunction<String, SQLException, StoreException> failure) {
    this.database = database;
    this.failure = failure;
  }

  /** Stores a new request; answers it with its id. */
  public Approval add(Approval a) {
    String sql =
        "INSERT INTO approvals (action, namespace, release, plan_hash, to_revision,"
            + " content_hash, chart_digest, force_conflicts, force_chart, note, revision, state,"
            + " requested_by, requested_at, expires_at, plan_document)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id";
    try (Connection c = database.connectDurable();
        PreparedStatement s = c.prepareStatement(sql)) {
      Store.bind(
          s,
          a.action(),
          a.namespace(),
          a.release(),
          a.planHash(),
          a.toRevision(),
          a.contentHash(),
          a.chartDigest(),
          a.forceConflicts() ? 1 : 0,
          a.forceChart() ? 1 : 0,
          a.note(),
          a.revision(),
          a.state(),
          a.requestedBy(),
          a.requestedAt().toEpochMilli(),
          a.expiresAt().toEpochMilli(),
          a.planDocument());
      try (ResultSet keys = s.executeQuery()) {
        keys.next();
        return a.withId(keys.getLong(1));
      }
    } catch (SQLException e) {
      throw failure.apply("record an approval request", e);
    }
  }

  public Optional<Approval> get(long id) {
    List<Approval> found = select("read approval " + id, "WHERE id = ?", id);
    return found.stream().findFirst();
  }

  /**
   * Requests for {@code namespace} and {@code release} (empty: any) in {@code state} (empty: any),
   * pending first, then newest first, at most {@link #LIST_LIMIT}.
   */
  public List<Approval> list(String namespace, String release, String state) {
    List<String> conditions = new ArrayList<>();
    List<Object> args = new ArrayList<>();
    for (String[] condition :
        new String[][] {{"namespace", namespace}, {"release", release}, {"state", state}}) {
      if (!condition[1].isEmpty()) {
        conditions.add(condition[0] + " = ?");
        args.add(condition[1]);
      }
    }
    String where = conditions.isEmpty() ? "" : "WHERE " + String.join(" AND ", conditions);
    args.add(LIST_LIMIT);
    return select(
        "list approvals",
        where + " ORDER BY CASE WHEN state = 'pending' THEN 0 ELSE 1 END, id DESC LIMIT ?",
        args.toArray());
  }

  /** The requests still pending or approved whose expiry has come by {@code now}. */
  public List<Approval> due(Instant now) {
    return select(
        "list expired approvals",
        "WHERE state IN ('pending', 'approved') AND expires_at <= ? ORDER BY id",
        now.toEpochMilli());
  }

  /**
   * The approved, unexpired requests for this write's action, release, plan, revision and content,
   * newest first, by anyone: who asked, and whether its flags match, the caller decides, since
   * names are compared in a form SQL does not compute.
   */
  public List<Approval> approvedFor(
      String action,
      String namespace,
      String release,
      String planHash,
      int toRevision,
      String contentHash,
      Instant now) {
    return select(
        "find an approval",
        "WHERE state = 'approved' AND action = ? AND namespace = ? AND release = ?"
            + " AND plan_hash = ? AND to_revision = ? AND content_hash = ? AND expires_at > ?"
            + " ORDER BY id DESC",
        action,
        namespace,
        release,
        planHash,
        toRevision,
        contentHash,
        now.toEpochMilli());
  }

  /**
   * Decides a pending request: {@code state} is {@link Approval#APPROVED} or {@link
   * Approval#REJECTED}. False when it was no longer pending, or had expired by {@code at}.
   */
  public boolean decide(long id, String state, String by, String note, Instant at) {
    return change(
        "decide approval " + id,
        "UPDATE approvals SET state = ?, decided_by = ?, decided_at = ?, decision_note = ?"
            + " WHERE id = ? AND state = 'pending' AND expires_at > ?",
        state,
        by,
        at.toEpochMilli(),
        note,
        id,
        at.toEpochMilli());
  }

  /**
   * Spends an approved request on the write it allows; false when it was not approved or is due.
   */
  public boolean spend(long id, Instant at) {
    return change(
        "spend approval " + id,
        "UPDATE approvals SET state = 'spent', spent_at = ?"
            + " WHERE id = ? AND state = 'approved' AND expires_at > ?",
        at.toEpochMilli(),
        id,
        at.toEpochMilli());
  }

  /** Marks a due request expired; true only for the call that did it, so it is recorded once. */
  public boolean expire(long id, Instant now) {
    return change(
        "expire approval " + id,
        "UPDATE approvals SET state = 'expired'"
            + " WHERE id = ? AND state IN ('pending', 'approved') AND expires_at <= ?",
        id,
        now.toEpochMilli());
  }

  private boolean change(String what, String sql, Object... args) {
    try (Connection c = database.connectDurable();
        PreparedStatement s = c.prepareStatement(sql)) {
      Store.bind(s, args);
      return s.executeUpdate() == 1;
    } catch (SQLException e) {
      throw failure.apply(what, e);
    }
  }

  private List<Approval> select(String what, String rest, Object... args) {
    String sql = "SELECT %s FROM approvals %s".formatted(COLUMNS, rest);
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      Store.bind(s, args);
      List<Approval> found = new ArrayList<>();
      try (ResultSet rows = s.executeQuery()) {
        while (rows.next()) {
          found.add(approval(rows));
        }
      }
      return found;
    } catch (SQLException e) {
      throw failure.apply(what, e);
    }
  }

  private static Approval approval(ResultSet row) throws SQLException {
    return new Approval(
        row.getLong("id"),
        row.getString("action"),
        row.getString("namespace"),
        row.getString("release"),
        row.getString("plan_hash"),
        row.getInt("to_revision"),
        row.getString("content_hash"),
        row.getString("chart_digest"),
        row.getInt("force_conflicts") != 0,
        row.getInt("force_chart") != 0,
        row.getString("note"),
        row.getInt("revision"),
        row.getString("state"),
        row.getString("requested_by"),
        Instant.ofEpochMilli(row.getLong("requested_at")),
        Instant.ofEpochMilli(row.getLong("expires_at")),
        row.getString("decided_by"),
        millis(row.getLong("decided_at")),
        row.getString("decision_note"),
        millis(row.getLong("spent_at")),
        row.getString("plan_document"));
  }

  /** 0 is "not yet". */
  private static Instant millis(long epochMillis) {
    return epochMillis == 0 ? null : Instant.ofEpochMilli(epochMillis);
  }
}
