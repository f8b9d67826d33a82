package dev.modelsphere.swiss.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.testing.PostgresServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store on a real PostgreSQL server: how it is named, signed in to, and lived without. */
class PostgresStoreTest {
  @TempDir Path dir;

  private static final DatabasePassword PASSWORD =
      new DatabasePassword(PostgresServer.passwordEnvironment());

  @Test
  void aPasswordInTheUrlIsRefusedSayingWhereItBelongs() {
    assertThatThrownBy(() -> PostgresUrl.parse("postgres://swiss:hunter2@db.example:5432/swiss"))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("SWISS_DATABASE_PASSWORD")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void theUrlIsTheOneLibpqTakesWithItsQueryKept() {
    PostgresUrl url = PostgresUrl.parse("postgresql://swiss@db.example:6432/audit?sslmode=require");

    assertThat(url.jdbc()).isEqualTo("jdbc:postgresql://db.example:6432/audit?sslmode=require");
    assertThat(url.user()).isEqualTo("swiss");
    assertThatThrownBy(() -> PostgresUrl.parse("postgres://db.example/audit"))
        .hasMessageContaining("names no user");
    assertThatThrownBy(() -> PostgresUrl.parse("postgres://swiss@db.example/"))
        .hasMessageContaining("one database name");
  }

  @Test
  void thePasswordComesFromTheEnvironmentOrTheFileItNames() throws IOException {
    Path secret = Files.writeString(dir.resolve("password"), "from-a-secret\n");

    assertThat(new DatabasePassword(Map.of("SWISS_DATABASE_PASSWORD", "direct")).read())
        .isEqualTo("direct");
    assertThat(
            new DatabasePassword(Map.of("SWISS_DATABASE_PASSWORD_FILE", secret.toString())).read())
        .isEqualTo("from-a-secret");
    assertThat(new DatabasePassword(Map.of()).read()).isEmpty();
    assertThatThrownBy(
            () ->
                new DatabasePassword(
                        Map.of("SWISS_DATABASE_PASSWORD_FILE", dir.resolve("none").toString()))
                    .read())
        .hasMessageContaining("SWISS_DATABASE_PASSWORD_FILE");
  }

  @Test
  void aWrongPasswordIsRefusedNamingTheServerButNotThePassword() {
    String database = PostgresServer.shared().newDatabase("wrong_password");
    DatabasePassword wrong = new DatabasePassword(Map.of("SWISS_DATABASE_PASSWORD", "not-it"));

    assertThatThrownBy(() -> Store.open(database, wrong))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("127.0.0.1:" + PostgresServer.shared().port())
        .hasMessageContaining("password authentication failed")
        .hasMessageNotContaining("not-it");
  }

  @Test
  void aServerThatIsNotThereIsRefusedWithinSecondsNamingIt() throws IOException {
    int nobody;
    try (ServerSocket socket = new ServerSocket(0)) {
      nobody = socket.getLocalPort();
    }
    long started = System.nanoTime();

    assertThatThrownBy(
            () -> Store.open("postgres://swiss@127.0.0.1:%d/swiss".formatted(nobody), PASSWORD))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("cannot connect")
        .hasMessageContaining("127.0.0.1:" + nobody);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void aDatabaseTheReferenceWroteBeforeNotesIsAdoptedWithItsRunsKept() throws SQLException {
    String database = PostgresServer.shared().newDatabase("reference");
    try (Connection c = connect(database);
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE runs (id BIGSERIAL PRIMARY KEY, namespace TEXT NOT NULL,"
              + " release TEXT NOT NULL, action TEXT NOT NULL, plan_hash TEXT NOT NULL,"
              + " actor TEXT NOT NULL DEFAULT '', changed INTEGER NOT NULL DEFAULT 0,"
              + " error TEXT NOT NULL DEFAULT '', output TEXT NOT NULL DEFAULT '',"
              + " started_at TEXT NOT NULL, ended_at TEXT NOT NULL)");
      s.execute(
          "INSERT INTO runs (namespace, release, action, plan_hash, changed, output, started_at,"
              + " ended_at) VALUES ('models', 'old', 'apply', 'sha256:aa', 1, 'done',"
              + " '2025-01-02T03:04:05Z', '2025-01-02T03:05:00Z')");
    }

    try (Store store = Store.open(database, PASSWORD)) {
      assertThat(store.run(1).orElseThrow().output()).isEqualTo("done");
      Run next = store.recordRun(StoreFixtures.run("old", "rollback", "back to 1"));
      assertThat(next.id()).isEqualTo(2);
      assertThat(store.run(next.id()).orElseThrow().note()).isEqualTo("back to 1");
    }
  }

  @Test
  void aBackupOfAServerIsRefusedNamingPgDump() {
    try (Store store = Store.open(PostgresServer.shared().newDatabase("backup"), PASSWORD)) {
      assertThatThrownBy(() -> store.backupTo(dir.resolve("copy.db")))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("pg_dump");
      assertThat(dir.resolve("copy.db")).doesNotExist();
    }
  }

  @Test
  void whileTheServerIsDownWritesFailClearlyAndResumeWhenItIsBack() {
    PostgresServer own = PostgresServer.ownServer();
    try (Store store = Store.open(own.newDatabase("outage"), PASSWORD)) {
      store.recordRun(StoreFixtures.run("before", "install"));

      own.stop();
      long started = System.nanoTime();
      assertThatThrownBy(() -> store.recordRun(StoreFixtures.run("during", "apply")))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("127.0.0.1:" + own.port())
          .hasMessageContaining("record apply run of models/during");
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .as("a write fails at once rather than hanging its request")
          .isLessThan(Duration.ofSeconds(10));

      own.resume();
      store.recordRun(StoreFixtures.run("after", "apply"));
      assertThat(store.runs(RunFilter.latest(0)))
          .extracting(Run::release)
          .containsExactly("after", "before");
    } finally {
      own.stop();
    }
  }

  private static Connection connect(String database) throws SQLException {
    PostgresUrl url = PostgresUrl.parse(database);
    return DriverManager.getConnection(url.jdbc(), url.user(), PostgresServer.PASSWORD);
  }
}
