package dev.modelsphere.swiss.store;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanDocument;
import dev.modelsphere.swiss.plan.PlanJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The plans and the audit log, in one SQLite file or on a PostgreSQL server. Every call takes its
 * own connection, so callers on many threads need no locking: SQLite serialises the writers and a
 * busy one waits (see {@link SqliteDatabase#BUSY_TIMEOUT}); PostgreSQL's pool hands each call its
 * own session. The SQL is written once, in what both dialects read alike.
 */
public final class Store implements AutoCloseable {
  private static final String RUN_COLUMNS =
      "id, namespace, release, action, plan_hash, actor, changed, error, note, revision,"
          + " started_at, ended_at, approved_by";

  /** The environment variable holding the PostgreSQL password. */
  public static final String PASSWORD_VARIABLE = "SWISS_DATABASE_PASSWORD";

  /** The environment variable naming a file that holds the PostgreSQL password (a Secret's key). */
  public static final String PASSWORD_FILE_VARIABLE = "SWISS_DATABASE_PASSWORD_FILE";

  private final Database database;

  private Store(Database database) {
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

  /**
   * Opens what {@code server.database} names: a PostgreSQL URL ({@link PostgresUrl}), its password
   * from {@code password}; else a SQLite file.
   *
   * @throws StoreException when the database cannot be reached, opened or migrated
   */
  public static Store open(String database, DatabasePassword password) {
    if (PostgresUrl.names(database)) {
      return new Store(PostgresDatabase.open(PostgresUrl.parse(database), password.read()));
    }
    return open(Path.of(database));
  }

  /** What the database is, for messages: a file's path, or a server's URL without its password. */
  public String name() {
    return database.name();
  }

  /** Closes the database; a store is used until the process ends, or a test is done with it. */
  @Override
  public void close() {
    database.close();
  }

  /**
   * Stores a plan under its hash. Storing the same plan again changes nothing; a plan of the same
   * hash that differs in what the hash leaves out ({@code createNamespace}, the profile's name, the
   * catalog's name...) replaces the stored one, since a write by hash acts on what was composed
   * last. Keeping the first would make a client that composed again with {@code createNamespace}
   * install the plan without it, and be refused again.
   */
  public void putPlan(PlanDocument document, Instant createdAt) {
    Plan plan = document.plan();
    String sql =
        "INSERT INTO plans (hash, namespace, release, model, variant, document, created_at)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO UPDATE"
            + " SET document = excluded.document, created_at = excluded.created_at"
            + " WHERE plans.document <> excluded.document";
    update(
        "store plan " + plan.hash(),
        sql,
        plan.hash(),
        plan.release().namespace(),
        plan.release().name(),
        plan.source().model(),
        plan.source().variant(),
        document.json(),
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
            + " note, revision, started_at, ended_at, approved_by)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id";
    String what = "record %s run of %s/%s".formatted(run.action(), run.namespace(), run.release());
    // The audit log is kept through a power cut too: this commit syncs (plans need not).
    try (Connection c = database.connectDurable();
        PreparedStatement s = c.prepareStatement(sql)) {
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
          timestamp(run.endedAt()),
          run.approvedBy());
      try (ResultSet keys = s.executeQuery()) {
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
        instant(row.getString("ended_at")),
        row.getString("approved_by"));
  }

  /**
   * Writes a consistent copy of the whole database to {@code destination}, while the server keeps
   * running.
   *
   * @throws StoreException when the destination exists (a backup never overwrites) or cannot be
   *     written, or the database is not a file
   */
  public void backupTo(Path destination) {
    if (Files.exists(destination)) {
      throw new StoreException(
          "backup %s already exists: name a new file; nothing written".formatted(destination));
    }
    try (Connection c = database.connect()) {
      database.backupTo(c, destination);
    } catch (SQLException e) {
      throw failure("back up to " + destination, e);
    }
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

  /** The approval requests, in the same database. */
  public StoredApprovals approvals() {
    return new StoredApprovals(database, this::failure);
  }

  /** The failed logins the login throttle counts, shared by every replica on this database. */
  public StoredLoginFailures loginFailures() {
    return new StoredLoginFailures(new Statements(database, this::failure));
  }

  /** The session tokens a logout revoked, shared by every replica on this database. */
  public StoredRevocations revocations() {
    return new StoredRevocations(new Statements(database, this::failure));
  }

  static void bind(PreparedStatement s, Object... args) throws SQLException {
    for (int i = 0; i < args.length; i++) {
      s.setObject(i + 1, args[i]);
    }
  }

  StoreException failure(String what, SQLException e) {
    return StoreException.of(
        "database %s: %s: %s".formatted(database.name(), what, e.getMessage()), e);
  }

  /**
   * {@code ok}, or why the database does not answer now: what {@code /readyz} reports. A server
   * without it keeps serving what it reads from the cluster; its writes wait for the database.
   */
  public String check() {
    try (Connection c = database.connect()) {
      return c.isValid(1) ? "ok" : "database %s does not answer".formatted(database.name());
    } catch (SQLException e) {
      return "database %s: %s".formatted(database.name(), e.getMessage());
    }
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
