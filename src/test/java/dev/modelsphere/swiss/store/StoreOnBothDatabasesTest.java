package dev.modelsphere.swiss.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanDocument;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.testing.PostgresServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the store promises, on a SQLite file and on a real PostgreSQL server alike: the same SQL and
 * the same migrations run on both.
 */
class StoreOnBothDatabasesTest {
  @TempDir Path dir;

  /** A new, empty database of the kind named: {@code sqlite} or {@code postgres}. */
  private String database(String kind) {
    return kind.equals("postgres")
        ? PostgresServer.shared().newDatabase("store")
        : dir.resolve("swiss.db").toString();
  }

  private static Store open(String database) {
    return Store.open(database, new DatabasePassword(PostgresServer.passwordEnvironment()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aPlanIsStoredOnceUnderItsHashAndReadsBackEqual(String kind) {
    try (Store store = open(database(kind))) {
      Plan plan = StoreFixtures.plan(Map.of("replicaCount", 2));

      store.putPlan(PlanDocument.of(plan), StoreFixtures.T0);
      store.putPlan(PlanDocument.of(plan), StoreFixtures.T0.plusSeconds(60));

      Plan read = store.plan(plan.hash()).orElseThrow();
      assertThat(PlanJson.toJson(read)).isEqualTo(PlanJson.toJson(plan));
      assertThat(store.plan("sha256:unknown")).isEmpty();
    }
  }

  /**
   * Issue 39: the hash leaves {@code createNamespace} (and the profile's name) out, so a plan
   * composed again with it has the hash of the first. An install by that hash must write the plan
   * composed last, or the advice to compose again with {@code createNamespace} leads nowhere.
   */
  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aPlanComposedAgainWithWhatItsHashLeavesOutReplacesTheStoredOne(String kind) {
    try (Store store = open(database(kind))) {
      Plan first = StoreFixtures.plan(Map.of("replicaCount", 2));
      Plan again = first.withCreateNamespace(true).withProfile("other-site");

      store.putPlan(PlanDocument.of(first), StoreFixtures.T0);
      store.putPlan(PlanDocument.of(again), StoreFixtures.T0.plusSeconds(60));

      assertThat(again.computeHash()).isEqualTo(first.hash());
      Plan read = store.plan(first.hash()).orElseThrow();
      assertThat(read.createNamespace()).isTrue();
      assertThat(PlanJson.toJson(read)).isEqualTo(PlanJson.toJson(again));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void runsListNewestFirstFilteredExactlyWithTheirOutputOnlyOneByOne(String kind) {
    try (Store store = open(database(kind))) {
      store.recordRun(StoreFixtures.run("a", "install"));
      store.recordRun(StoreFixtures.run("b", "install"));
      Run last = store.recordRun(StoreFixtures.run("a", "apply"));

      assertThat(store.runs(RunFilter.latest(0)))
          .extracting(Run::release)
          .containsExactly("a", "b", "a");
      assertThat(store.runs(RunFilter.latest(0))).allSatisfy(r -> assertThat(r.output()).isEmpty());
      assertThat(store.runs(new RunFilter("", "a", "apply", 0)))
          .extracting(Run::id)
          .containsExactly(last.id());
      assertThat(store.runs(RunFilter.latest(1))).hasSize(1);
      Run read = store.run(last.id()).orElseThrow();
      assertThat(read.output()).isEqualTo("helm said a");
      assertThat(read.changed()).isTrue();
      assertThat(read.startedAt()).isEqualTo(StoreFixtures.T0);
      assertThat(read.endedAt()).isEqualTo(StoreFixtures.T0.plusSeconds(5));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void openingAMigratedDatabaseAgainKeepsItsRows(String kind) {
    String database = database(kind);
    try (Store first = open(database)) {
      first.recordRun(StoreFixtures.run("a", "install"));
    }

    try (Store again = open(database)) {
      assertThat(again.runs(RunFilter.latest(0))).extracting(Run::release).containsExactly("a");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void concurrentWritersEachGetARunOfTheirOwn(String kind) throws Exception {
    try (Store store = open(database(kind))) {
      ExecutorService writers = Executors.newFixedThreadPool(8);
      try {
        List<CompletableFuture<Run>> recorded =
            IntStream.range(0, 40)
                .mapToObj(
                    i ->
                        CompletableFuture.supplyAsync(
                            () -> store.recordRun(StoreFixtures.run("r" + i, "apply")), writers))
                .toList();

        Set<Long> ids = recorded.stream().map(f -> f.join().id()).collect(Collectors.toSet());
        assertThat(ids).hasSize(40);
        assertThat(store.runs(RunFilter.latest(0))).hasSize(40);
      } finally {
        writers.shutdownNow();
      }
    }
  }
}
