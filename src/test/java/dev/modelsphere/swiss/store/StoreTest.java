package dev.modelsphere.swiss.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.plan.PlanDocument;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreTest {
  private static final Instant T0 = StoreFixtures.T0;

  @TempDir Path dir;

  /**
   * Every store a test opened. A store left open keeps its pool filling in the background, which
   * can create the database's side files while JUnit deletes the temporary folder.
   */
  private final List<Store> opened = new ArrayList<>();

  private Store open(Path file) {
    Store store = Store.open(file);
    opened.add(store);
    return store;
  }

  @AfterEach
  void closeTheStores() {
    opened.forEach(Store::close);
  }

  @Test
  void aFreshFileGetsBothTablesInWalMode() throws SQLException {
    Path file = dir.resolve("data/swiss.db");
    open(file);

    assertThat(query(file, "PRAGMA journal_mode")).containsExactly("wal");
    assertThat(query(file, "SELECT name FROM sqlite_master WHERE type = 'table'"))
        .contains("plans", "runs");
    assertThat(columns(file)).contains("actor", "note", "revision");
  }

  /**
   * Storing a plan costs no checkpoint: SQLite checkpoints the log into the file, syncing it, when
   * the last connection closes, and the store keeps one open until it is closed.
   */
  @Test
  void aStoredPlanStaysInTheWriteAheadLogUntilTheStoreCloses() {
    Path file = dir.resolve("swiss.db");
    Path log = dir.resolve("swiss.db-wal");
    Store store = open(file);

    store.putPlan(PlanDocument.of(StoreFixtures.plan(Map.of("replicaCount", 1))), T0);
    assertThat(log).as("the log after a plan is stored").exists();
    assertThat(log.toFile().length()).as("the log's size").isPositive();

    store.close();
    assertThat(log).as("the log once the store closed: checkpointed").doesNotExist();
    assertThat(open(file).plan(StoreFixtures.plan(Map.of("replicaCount", 1)).hash())).isPresent();
  }

  /**
   * Plans commit without a sync; the audit log and the approvals sync theirs, on a connection of
   * their own, so the pooled connections a plan is stored on never start syncing.
   */
  @Test
  void onlyTheDurableWritesSyncAndTheirSettingStaysOffThePool() throws SQLException {
    SqliteDatabase database = SqliteDatabase.open(dir.resolve("swiss.db"));
    try {
      try (Connection durable = database.connectDurable()) {
        assertThat(synchronous(durable)).as("the durable connection's setting").isEqualTo(2);
      }
      for (int i = 0; i < 8; i++) {
        try (Connection pooled = database.connect()) {
          assertThat(synchronous(pooled)).as("a pooled connection's setting").isEqualTo(1);
        }
      }
    } finally {
      database.close();
    }
  }

  /** SQLite's synchronous setting: 1 is NORMAL, 2 is FULL. */
  private static int synchronous(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("PRAGMA synchronous")) {
      rows.next();
      return rows.getInt(1);
    }
  }

  @Test
  void theDirectoryItCreatesIsPrivateToTheServer() throws Exception {
    open(dir.resolve("private/swiss.db"));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("private"))))
        .isEqualTo("rwx------");
  }

  @Test
  void aDatabaseTheReferenceWroteBeforeNotesIsAdoptedWithItsRunsKept() throws SQLException {
    Path file = dir.resolve("old.db");
    execute(
        file,
        "CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, namespace TEXT NOT NULL,"
            + " release TEXT NOT NULL, action TEXT NOT NULL, plan_hash TEXT NOT NULL,"
            + " actor TEXT NOT NULL DEFAULT '', changed INTEGER NOT NULL DEFAULT 0,"
            + " error TEXT NOT NULL DEFAULT '', output TEXT NOT NULL DEFAULT '',"
            + " started_at TEXT NOT NULL, ended_at TEXT NOT NULL)",
        "INSERT INTO runs (namespace, release, action, plan_hash, changed, output, started_at,"
            + " ended_at) VALUES ('models', 'old', 'apply', 'sha256:aa', 1, 'done',"
            + " '2025-01-02T03:04:05Z', '2025-01-02T03:05:00Z')");

    Store store = open(file);

    Run old = store.run(1).orElseThrow();
    assertThat(old.release()).isEqualTo("old");
    assertThat(old.output()).isEqualTo("done");
    assertThat(old.note()).isEmpty();
    assertThat(old.startedAt()).isEqualTo(Instant.parse("2025-01-02T03:04:05Z"));
    Run next = store.recordRun(StoreFixtures.run("old", "rollback", "back to 1"));
    assertThat(store.run(next.id()).orElseThrow().note()).isEqualTo("back to 1");
  }

  @Test
  void aWriterThatFindsTheDatabaseLockedWaitsForItInsteadOfFailing() throws Exception {
    Store store = open(dir.resolve("swiss.db"));
    Duration held = Duration.ofMillis(700);
    try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("swiss.db"))) {
      other.setAutoCommit(false);
      try (Statement s = other.createStatement()) {
        s.execute(
            "INSERT INTO runs (namespace, release, action, plan_hash, started_at, ended_at)"
                + " VALUES ('x', 'x', 'apply', '', '', '')");
      }
      long start = System.nanoTime();
      CompletableFuture<Run> waiting =
          CompletableFuture.supplyAsync(() -> store.recordRun(StoreFixtures.run("a", "apply")));
      Thread.sleep(held.toMillis());
      other.commit();

      Run recorded = waiting.get();
      assertThat(recorded.id()).isPositive();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(held);
    }
  }

  @Test
  void aDatabaseWhoseDirectoryCannotBeMadeIsRefusedNamingThePath() throws Exception {
    Path notADirectory = Files.writeString(dir.resolve("file"), "x");

    assertThatThrownBy(() -> Store.open(notADirectory.resolve("swiss.db")))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining(notADirectory.toString());
  }

  @Test
  void aBackupIsACompleteCopyTakenWhileTheStoreIsOpen() throws SQLException {
    Store store = open(dir.resolve("swiss.db"));
    store.putPlan(PlanDocument.of(StoreFixtures.plan(Map.of("replicaCount", 1))), T0);
    store.recordRun(StoreFixtures.run("qwen", "install"));
    Path backup = dir.resolve("backups/first.db");
    backup.getParent().toFile().mkdirs();

    store.backupTo(backup);
    store.recordRun(StoreFixtures.run("qwen", "apply"));

    assertThat(query(backup, "SELECT action FROM runs")).containsExactly("install");
    assertThat(query(backup, "SELECT count(*) FROM plans")).containsExactly("1");
    assertThat(open(backup).runs(RunFilter.latest(10))).hasSize(1);
  }

  @Test
  void aBackupNeverOverwritesAFile() throws Exception {
    Store store = open(dir.resolve("swiss.db"));
    Path taken = java.nio.file.Files.writeString(dir.resolve("taken.db"), "keep me");

    assertThatThrownBy(() -> store.backupTo(taken))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining(taken + " already exists");
    assertThat(java.nio.file.Files.readString(taken)).isEqualTo("keep me");
  }

  private static List<String> query(Path file, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery(sql)) {
      while (rows.next()) {
        out.add(rows.getString(1));
      }
    }
    return out;
  }

  private static List<String> columns(Path file) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("PRAGMA table_info(runs)")) {
      while (rows.next()) {
        out.add(rows.getString("name"));
      }
    }
    return out;
  }

  private static void execute(Path file, String... statements) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }
}
