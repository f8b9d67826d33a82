package dev.modelsphere.swiss.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.modelsphere.swiss.testing.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Approval requests keep their promises on a SQLite file and on a real PostgreSQL alike. */
class StoredApprovalsOnBothDatabasesTest {
  private static final Instant T0 = Instant.parse("2026-12-02T08:00:00Z");
  private static final Instant LATER = T0.plus(Duration.ofHours(24));

  @TempDir Path dir;

  private Store open(String kind) {
    return openDatabase(database(kind));
  }

  private String database(String kind) {
    return kind.equals("postgres")
        ? PostgresServer.shared().newDatabase("approvals")
        : dir.resolve("swiss.db").toString();
  }

  private static Store openDatabase(String database) {
    return Store.open(database, new DatabasePassword(PostgresServer.passwordEnvironment()));
  }

  /** Brings a new database to schema version 7, as a server before approvals kept plans left it. */
  private static Flyway atVersion7(String database) {
    Flyway flyway =
        Flyway.configure(Store.class.getClassLoader())
            .locations(
                "classpath:db/" + (PostgresUrl.names(database) ? "postgresql" : "sqlite"),
                "classpath:db/migration")
            .javaMigrations(new RunColumnsMigration())
            .target("7")
            .dataSource(
                PostgresUrl.names(database)
                    ? PostgresUrl.parse(database).jdbc()
                    : "jdbc:sqlite:" + database,
                PostgresUrl.names(database) ? PostgresUrl.parse(database).user() : "",
                PostgresServer.PASSWORD)
            .load();
    flyway.migrate();
    return flyway;
  }

  private static Approval ask(String release, String by) {
    return Approval.pending("apply", "models", release, "why", 3, by, T0, LATER)
        .withPlanHash("sha256:p");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aRequestIsDecidedOnceAndSpentOnceAndListedPendingFirst(String kind) {
    try (Store store = open(kind)) {
      StoredApprovals approvals = store.approvals();
      Approval first = approvals.add(ask("chat", "alice"));
      Approval second = approvals.add(ask("chat", "carol"));

      assertThat(approvals.decide(first.id(), Approval.APPROVED, "bob", "ok", T0.plusSeconds(5)))
          .isTrue();
      assertThat(approvals.decide(first.id(), Approval.REJECTED, "dan", "", T0.plusSeconds(6)))
          .as("a request is decided once")
          .isFalse();
      assertThat(
              approvals.approvedFor(
                  "apply", "models", "chat", "sha256:p", 0, "", T0.plusSeconds(9)))
          .as("only the approved request; who asked is the caller's to compare")
          .extracting(Approval::id, Approval::requestedBy)
          .containsExactly(tuple(first.id(), "alice"));
      assertThat(approvals.approvedFor("apply", "models", "chat", "sha256:p", 0, "sha256:c", T0))
          .as("another content is another write")
          .isEmpty();
      assertThat(approvals.spend(first.id(), T0.plusSeconds(10))).isTrue();
      assertThat(approvals.spend(first.id(), T0.plusSeconds(11))).as("spent once").isFalse();

      Approval read = approvals.get(first.id()).orElseThrow();
      assertThat(read.state()).isEqualTo(Approval.SPENT);
      assertThat(read.decidedBy()).isEqualTo("bob");
      assertThat(read.decisionNote()).isEqualTo("ok");
      assertThat(read.spentAt()).isEqualTo(T0.plusSeconds(10));
      assertThat(read.revision()).isEqualTo(3);
      assertThat(approvals.list("models", "chat", ""))
          .extracting(Approval::id)
          .containsExactly(second.id(), first.id());
      assertThat(approvals.list("", "", Approval.SPENT))
          .extracting(Approval::id)
          .containsExactly(first.id());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aRequestKeepsTheWholeWriteItBindsItsContentChartDigestAndForceFlags(String kind) {
    try (Store store = open(kind)) {
      StoredApprovals approvals = store.approvals();
      Approval forced =
          approvals.add(
              ask("bound", "alice")
                  .withChartDigest("sha256:chart")
                  .withForceConflicts(true)
                  .withForceChart(true));
      Approval profile =
          approvals.add(
              Approval.pending("profile", "", "", "", 0, "alice", T0, LATER)
                  .withContentHash("sha256:text"));

      Approval read = approvals.get(forced.id()).orElseThrow();
      assertThat(read.chartDigest()).isEqualTo("sha256:chart");
      assertThat(read.forceConflicts()).isTrue();
      assertThat(read.forceChart()).isTrue();
      assertThat(approvals.get(profile.id()).orElseThrow().contentHash()).isEqualTo("sha256:text");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aRequestKeepsThePlanDocumentItWasAskedFor(String kind) {
    try (Store store = open(kind)) {
      StoredApprovals approvals = store.approvals();
      String document = "{\n  \"apiVersion\": \"plan.swiss/v1\",\n  \"createNamespace\": true\n}\n";
      Approval install = approvals.add(ask("bound", "alice").withPlanDocument(document));
      approvals.decide(install.id(), Approval.APPROVED, "bob", "", T0.plusSeconds(1));

      assertThat(approvals.get(install.id()).orElseThrow().planDocument()).isEqualTo(document);
      assertThat(approvals.approvedFor("apply", "models", "bound", "sha256:p", 0, "", T0))
          .extracting(Approval::planDocument)
          .containsExactly(document);
      assertThat(approvals.add(ask("other", "alice")).planDocument()).isEmpty();
    }
  }

  /**
   * Migration V8 adds the plan document to the requests already stored: a request made before it
   * reads with none, which the write then refuses (decision 0013), rather than failing to read.
   */
  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aRequestMadeBeforeApprovalsKeptTheirPlanDocumentReadsWithNone(String kind)
      throws SQLException {
    String database = database(kind);
    try (Connection c = atVersion7(database).getConfiguration().getDataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "INSERT INTO approvals (action, namespace, release, plan_hash, state, requested_by,"
              + " requested_at, expires_at, decided_by, decided_at)"
              + " VALUES ('install', 'models', 'old', 'sha256:p', 'approved', 'alice', %d, %d,"
                  .formatted(T0.toEpochMilli(), LATER.toEpochMilli())
              + " 'bob', %d)".formatted(T0.toEpochMilli()));
    }

    try (Store store = openDatabase(database)) {
      List<Approval> found =
          store.approvals().approvedFor("install", "models", "old", "sha256:p", 0, "", T0);

      assertThat(found).extracting(Approval::requestedBy).containsExactly("alice");
      assertThat(found.get(0).planDocument()).isEmpty();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aRequestPastItsExpiryCannotBeDecidedOrSpentAndExpiresOnce(String kind) {
    try (Store store = open(kind)) {
      StoredApprovals approvals = store.approvals();
      Approval pending = approvals.add(ask("late", "alice"));
      Approval approved = approvals.add(ask("late", "alice"));
      approvals.decide(approved.id(), Approval.APPROVED, "bob", "", T0.plusSeconds(1));

      assertThat(approvals.decide(pending.id(), Approval.APPROVED, "bob", "", LATER)).isFalse();
      assertThat(approvals.spend(approved.id(), LATER)).isFalse();
      assertThat(approvals.due(LATER))
          .extracting(Approval::id)
          .containsExactly(pending.id(), approved.id());
      assertThat(approvals.expire(pending.id(), LATER)).isTrue();
      assertThat(approvals.expire(pending.id(), LATER)).as("recorded once").isFalse();
      assertThat(approvals.get(pending.id()).orElseThrow().state()).isEqualTo(Approval.EXPIRED);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void twentyServersSpendingOneApprovalAtOnceSpendItOnce(String kind) throws Exception {
    try (Store store = open(kind)) {
      StoredApprovals approvals = store.approvals();
      Approval approval = approvals.add(ask("race", "alice"));
      approvals.decide(approval.id(), Approval.APPROVED, "bob", "", T0.plusSeconds(1));
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<CompletableFuture<Boolean>> spends =
            IntStream.range(0, 20)
                .mapToObj(
                    i ->
                        CompletableFuture.supplyAsync(
                            () -> approvals.spend(approval.id(), T0.plusSeconds(2)), pool))
                .toList();
        assertThat(spends.stream().filter(CompletableFuture::join).count()).isEqualTo(1);
      } finally {
        pool.shutdown();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aRunKeepsWhoApprovedIt(String kind) {
    try (Store store = open(kind)) {
      Run approved = StoreFixtures.run("chat", "apply");
      approved =
          new Run(
              0,
              approved.namespace(),
              approved.release(),
              approved.action(),
              approved.planHash(),
              "alice",
              true,
              "",
              "",
              "",
              2,
              T0,
              T0,
              "bob");
      long id = store.recordRun(approved).id();

      assertThat(store.run(id).orElseThrow().approvedBy()).isEqualTo("bob");
      assertThat(store.runs(RunFilter.latest(5)).get(0).approvedBy()).isEqualTo("bob");
    }
  }
}
