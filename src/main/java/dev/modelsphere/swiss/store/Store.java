package dev.modelsphere.swiss.store;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The plans and the audit log in one SQLite file. Every call opens its own connection, so callers
 * on many threads need no locking; SQLite serialises the writers and a busy one waits (see {@link
 * SqliteDatabase#BUSY_TIMEOUT}) instead of failing.
 */
public final class Store implements AutoCloseable {
  private static final String RUN_COLUMNS =
      "id, namespace, release, action, plan_hash, actor, changed, error, note, revision,"
          + " started_at, ended_at";

  private final SqliteDatabase database;

  private Store(SqliteDatabase database) {
    this.database = database;
  }

  /**
   * Opens (creating when absent) and migrates the database file.
   *
   * @throws StoreException when the file or its directory cannot be created, opened or migrated
   */
  public static Store open(Path file) {
    return new Store(SqliteDatabase.open(file));
  }

  public Path file() {
    return database.file();
  }

  /** Closes the database; a store is used until the process ends, or a test is done with it. */
  @Override
  public void close() {
    database.close();
  }

  /** Stores a plan under its hash; storing the same hash again changes nothing. */
  public void putPlan(Plan plan, Instant createdAt) {
    String sql =
        "INSERT OR IGNORE INTO plans (hash, namespace, release, model, variant, document,"
            + " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)";
    update(
        "store plan " + plan.hash(),
        sql,
        plan.hash(),
        plan.release().namespace(),
        plan.release().name(),
        plan.source().model(),
        plan.source().variant(),
        PlanJson.toJson(plan),
        timestamp(createdAt));
  }

  /** The plan stored under this hash, if any. */
  public Optional<Plan> plan(String hash) {
    String what = "read plan " + hash;
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement("SELECT document FROM plans WHERE hash = ?")) {
      s.setString(1, hash);
      try (ResultSet rows = s.executeQuery()) {
        return rows.next()
            ? Optional.of(PlanJson.fromJson("plan " + hash, rows.getString(1)))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  /** Appends a run to the audit log. */
  public Run recordRun(Run run) {
    String sql =
        "INSERT INTO runs (namespace, release, action, plan_hash, actor, changed, error, output,"
            + " note, revision, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    String what = "record %s run of %s/%s".formatted(run.action(), run.namespace(), run.release());
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      // The audit log is kept through a power cut too: this commit syncs (plans need not).
      durable(c);
      bind(
          s,
          run.namespace(),
          run.release(),
          run.action(),
          run.planHash(),
          run.actor(),
          run.changed() ? 1 : 0,
          run.error(),
          run.output(),
          run.note(),
          run.revision(),
          timestamp(run.startedAt()),
          timestamp(run.endedAt()));
      s.executeUpdate();
      try (ResultSet keys = s.getGeneratedKeys()) {
        keys.next();
        return run.withId(keys.getLong(1));
      }
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  /** The runs the filter selects, newest first, without their output. */
  public List<Run> runs(RunFilter filter) {
    List<String> conditions = new ArrayList<>();
    List<Object> args = new ArrayList<>();
    where(conditions, args, "namespace", filter.namespace());
    where(conditions, args, "release", filter.release());
    where(conditions, args, "action", filter.action());
    String sql =
        "SELECT %s FROM runs %s ORDER BY id DESC LIMIT ?"
            .formatted(
                RUN_COLUMNS,
                conditions.isEmpty() ? "" : "WHERE " + String.join(" AND ", conditions));
    args.add(filter.limit());
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      bind(s, args.toArray());
      List<Run> runs = new ArrayList<>();
      try (ResultSet rows = s.executeQuery()) {
        while (rows.next()) {
          runs.add(run(rows, ""));
        }
      }
      return runs;
    } catch (SQLException e) {
      throw failure("list runs", e);
    }
  }

  /** One run with its output, if it exists. */
  public Optional<Run> run(long id) {
    String sql = "SELECT %s, output FROM runs WHERE id = ?".formatted(RUN_COLUMNS);
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setLong(1, id);
      try (ResultSet rows = s.executeQuery()) {
        return rows.next() ? Optional.of(run(rows, rows.getString("output"))) : Optional.empty();
      }
    } catch (SQLException e) {
      throw failure("read run " + id, e);
    }
  }

  private static void durable(Connection c) throws SQLException {
    try (Statement pragma = c.createStatement()) {
      pragma.execute("PRAGMA synchronous = FULL");
    }
  }

  private static void where(List<String> conditions, List<Object> args, String column, String v) {
    if (!v.isEmpty()) {
      conditions.add(column + " = ?");
      args.add(v);
    }
  }

  private static Run run(ResultSet row, String output) throws SQLException {
    return new Run(
        row.getLong("id"),
        row.getString("namespace"),
        row.getString("release"),
        row.getString("action"),
        row.getString("plan_hash"),
        row.getString("actor"),
        row.getInt("changed") != 0,
        row.getString("error"),
        output,
        row.getString("note"),
        row.getInt("revision"),
        instant(row.getString("started_at")),
        instant(row.getString("ended_at")));
  }

  /**
   * Writes a consistent copy of the whole database to {@code destination}, while the server keeps
   * running: SQLite's {@code VACUUM INTO} reads one snapshot (committed rows, the write-ahead log
   * included) and never blocks the writers for longer than a statement.
   *
   * @throws StoreException when the destination exists (a backup never overwrites) or cannot be
   *     written
   */
  public void backupTo(Path destination) {
    if (Files.exists(destination)) {
      throw new StoreException(
          "backup %s already exists: name a new file; nothing written".formatted(destination));
    }
    update("back up to " + destination, "VACUUM INTO ?", destination.toString());
  }

  private void update(String what, String sql, Object... args) {
    try (Connection c = database.connect();
        PreparedStatement s = c.prepareStatement(sql)) {
      bind(s, args);
      s.executeUpdate();
    } catch (SQLException e) {
      throw failure(what, e);
    }
  }

  private static void bind(PreparedStatement s, Object... args) throws SQLException {
    for (int i = 0; i < args.length; i++) {
      s.setObject(i + 1, args[i]);
    }
  }

  private StoreException failure(String what, SQLException e) {
    return new StoreException(
        "database %s: %s: %s".formatted(database.file(), what, e.getMessage()), e);
  }

  /** RFC 3339 in UTC to the second, as the reference writes its time columns. */
  private static String timestamp(Instant t) {
    // RFC 3339 with the fraction the clock gave (as Go's RFC3339Nano): a run's "took" needs it.
    return DateTimeFormatter.ISO_INSTANT.format(t);
  }

  private static Instant instant(String text) {
    return text == null || text.isEmpty()
        ? Instant.EPOCH
        : DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text, Instant::from);
  }
}
