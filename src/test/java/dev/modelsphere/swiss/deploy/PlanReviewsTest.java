package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.PreflightRule;
import dev.modelsphere.swiss.deploy.preflight.Problem;
import dev.modelsphere.swiss.deploy.preflight.Proposal;
import dev.modelsphere.swiss.deploy.preflight.ReleaseIdentityRule;
import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The use cases that look before a write, on their own: the site wired as {@code swiss serve} wires
 * it (our demo catalog and example charts), a real SQLite store, and the diff read from the test
 * cluster. Preflight is one real rule, release identity, granted this test's namespace only, so a
 * plan for any other namespace has a problem to report.
 */
@ClusterTest
class PlanReviewsTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "smollm3-3b";

  /** A port nothing listens on: a chart repository there cannot be listed. */
  private static final String UNREACHABLE_REPO = "http://127.0.0.1:9/charts";

  /** Where the use case writes proposed plans, as the server's own pool does. */
  private static final ExecutorService WRITES =
      Executors.newCachedThreadPool(DaemonThreads.named("test-plan-write"));

  @TempDir Path dir;

  private Store store;

  /** The namespaces release identity is told hold every release name; none unless a test says. */
  private List<String> namesHeldElsewhere = List.of();

  @BeforeEach
  void openTheStore() {
    store = Store.open(dir.resolve("swiss.db"));
  }

  @AfterEach
  void closeTheStore() {
    store.close();
  }

  @AfterAll
  static void stopTheWriters() {
    WRITES.shutdownNow();
  }

  // -- proposing a plan --

  @Test
  void aProposedPlanIsStoredUnderItsHashAsTheDocumentItAnswers() {
    PlanReviews.Proposed proposed = reviews(site("")).propose(request("kept", ns()));

    Plan stored = store.plan(proposed.plan().hash()).orElseThrow();
    assertThat(PlanJson.toJson(stored)).isEqualTo(proposed.document().json());
    assertThat(proposed.preflight().ok()).isTrue();
    assertThat(proposed.warnings()).isEmpty();
  }

  @Test
  void aProposalIsCheckedByPreflightAndKeptEvenWithProblems() {
    String elsewhere = cluster.otherNamespace("not-granted");

    PlanReviews.Proposed proposed = reviews(site("")).propose(request("outside", elsewhere));

    assertThat(proposed.preflight().problems())
        .extracting(Problem::rule, Problem::field)
        .containsExactly(tuple(ReleaseIdentityRule.NAME, "namespace"));
    assertThat(store.plan(proposed.plan().hash()))
        .as("kept, so the operator sees it and can fix the request")
        .isPresent();
  }

  @Test
  void aProposalWritesItsPlanWhilePreflightChecksItAndAnswersOnlyOnceItIsStored() {
    List<String> events = new CopyOnWriteArrayList<>();
    CountDownLatch writing = new CountDownLatch(1);
    CountDownLatch checked = new CountDownLatch(1);
    // The write may not finish before preflight has seen it start, nor preflight before the write
    // started: done one after the other, either wait runs out and the order below shows it.
    Executor heldWrites =
        task ->
            WRITES.execute(
                () -> {
                  events.add("write begins");
                  writing.countDown();
                  awaitQuietly(checked);
                  events.add("write runs");
                  task.run();
                });
    PreflightRule seesTheWrite =
        new PreflightRule() {
          @Override
          public String name() {
            return "sees-the-write";
          }

          @Override
          public List<Problem> check(Proposal proposal) {
            awaitQuietly(writing);
            events.add("preflight");
            checked.countDown();
            return List.of();
          }
        };
    PlanReviews reviews =
        reviews(site(""), Optional.of(store), heldWrites, new Preflight(List.of(seesTheWrite)));

    PlanReviews.Proposed proposed = reviews.propose(request("beside", ns()));

    assertThat(store.plan(proposed.plan().hash()))
        .as("stored by the time the hash is answered")
        .isPresent();
    assertThat(events).containsExactly("write begins", "preflight", "write runs");
  }

  @Test
  void aPlanThatCannotBeStoredIsRefusedAsTheStoreRefusedItNotAsTheThreadThatWroteIt() {
    PlanReviews reviews = reviews(site(""));
    store.close();

    assertThatThrownBy(() -> reviews.propose(request("unstorable", ns())))
        .isInstanceOf(DomainException.class)
        .hasMessageContaining("plan not stored");
  }

  @Test
  void withoutADatabaseAPlanIsComposedAndCheckedButKeptNowhere() {
    PlanReviews reviews = reviews(site(""), Optional.empty());

    PlanReviews.Proposed proposed = reviews.propose(request("unkept", ns()));

    assertThat(proposed.plan().release().name()).isEqualTo("unkept");
    assertThat(proposed.preflight().ok()).isTrue();
    assertThat(store.plan(proposed.plan().hash())).isEmpty();
  }

  // -- what a plan that cannot be composed is --

  @Test
  void aProfileThatCannotBeReadIsTheRequestsToFixNotTheServers() throws IOException {
    PlanComposer composer = site("");
    Files.writeString(dir.resolve("profile.yaml"), "name: [unclosed\n");
    ErrorKind composerKind = kindOf(() -> composer.compose(request("broken", ns())));
    assertThat(composerKind)
        .as("the composer's own kind, which the reference answers as the request's")
        .isIn(ErrorKind.UPSTREAM_FAILED, ErrorKind.UNAVAILABLE);

    refused(() -> reviews(composer).propose(request("broken", ns())), ErrorKind.INVALID);
    refused(() -> reviews(composer).review(request("broken", ns())), ErrorKind.INVALID);
  }

  @Test
  void aChartRepositoryThatCannotBeListedIsUpstreamsForAProposalButTheRequestsForADiff() {
    PlanComposer composer = site(UNREACHABLE_REPO);

    refused(() -> reviews(composer).propose(request("unlisted", ns())), ErrorKind.UPSTREAM_FAILED);
    refused(() -> reviews(composer).review(request("unlisted", ns())), ErrorKind.INVALID);
  }

  // -- diffing --

  @Test
  void aDiffOfAStoredPlanShowsItsInstallAndComposesNothingNew() {
    PlanReviews reviews = reviews(site(""));
    Plan proposed = reviews.propose(request("to-diff", ns())).plan();

    PlanReviews.Reviewed reviewed = reviews.review(byHash(proposed.hash()));

    assertThat(reviewed.diff().exists()).as("nothing is installed yet").isFalse();
    assertThat(reviewed.diff().changed()).isTrue();
    assertThat(reviewed.diff().render()).contains("to-diff");
    assertThat(reviewed.preflight().ok()).isTrue();
  }

  @Test
  void aDiffByFieldsComposesThePlanWithoutStoringIt() {
    PlanComposer composer = site("");

    PlanReviews.Reviewed reviewed = reviews(composer).review(request("by-fields", ns()));

    assertThat(reviewed.diff().changed()).isTrue();
    assertThat(reviewed.diff().render()).contains("by-fields");
    String hash = composer.compose(request("by-fields", ns())).plan().hash();
    assertThat(store.plan(hash)).as("a diff stores nothing").isEmpty();
  }

  @Test
  void aDiffIsCheckedAsTheWriteItWouldBeAnUpgradeOfAnInstalledReleaseAnInstallOfANewOne() {
    namesHeldElsewhere = List.of("another-team");
    PlanReviews reviews = reviews(site(""));
    Plan installed = reviews.propose(request("upgraded", ns())).plan();
    cluster.deployer().apply(installed, Mode.INSTALL, ApplyOptions.install());
    Plan fresh = reviews.propose(request("fresh", ns())).plan();

    PlanReviews.Reviewed upgrade = reviews.review(byHash(installed.hash()));
    PlanReviews.Reviewed install = reviews.review(byHash(fresh.hash()));

    assertThat(upgrade.diff().exists()).isTrue();
    assertThat(upgrade.preflight().ok()).as("an upgrade keeps the name it has").isTrue();
    assertThat(install.diff().exists()).isFalse();
    assertThat(install.preflight().problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.field()).isEqualTo("release");
              assertThat(problem.message()).contains("release name fresh is already taken");
            });
  }

  @Test
  void aDiffOfAHashNoPlanHasIsTheRequestsMistake() {
    refused(() -> reviews(site("")).review(byHash("sha256:" + "0".repeat(64))), ErrorKind.INVALID);
    refused(
        () -> reviews(site(""), Optional.empty()).review(byHash("sha256:" + "0".repeat(64))),
        ErrorKind.INVALID);
  }

  // -- the plan a write names --

  @Test
  void aWriteNamesAStoredPlanAndNothingElse() {
    PlanReviews reviews = reviews(site(""));
    Plan proposed = reviews.propose(request("written", ns())).plan();

    assertThat(reviews.planToWrite(proposed.hash()).hash()).isEqualTo(proposed.hash());
    refused(() -> reviews.planToWrite(""), ErrorKind.NOT_FOUND);
    refused(() -> reviews.planToWrite("sha256:" + "1".repeat(64)), ErrorKind.NOT_FOUND);
    refused(
        () -> reviews(site(""), Optional.empty()).planToWrite(proposed.hash()),
        ErrorKind.UNAVAILABLE);
  }

  // -- wiring --

  private static String ns() {
    return cluster.namespace();
  }

  private PlanReviews reviews(PlanComposer composer) {
    return reviews(composer, Optional.of(store));
  }

  private PlanReviews reviews(PlanComposer composer, Optional<Store> kept) {
    Preflight preflight =
        new Preflight(
            List.of(new ReleaseIdentityRule(List.of(ns()), release -> namesHeldElsewhere)));
    return reviews(composer, kept, WRITES, preflight);
  }

  private PlanReviews reviews(
      PlanComposer composer, Optional<Store> kept, Executor writes, Preflight preflight) {
    DeployCore core = cluster.core();
    return new PlanReviews(
        composer, preflight, kept, writes, core.differ(), core.backends(), Clock.systemUTC());
  }

  /**
   * The composer of a site whose profile reaches our example charts, or lists charts from {@code
   * chartRepo} when one is given.
   */
  private PlanComposer site(String chartRepo) {
    String charts = chartRepo.isEmpty() ? DemoSite.exampleCharts() : "chartRepo: " + chartRepo;
    return DemoSite.composer(dir, cluster, charts, new GpuProductCheck(List::of));
  }

  private static PlanInput request(String release, String namespace) {
    return new PlanInput(
        "", "", MODEL, "", "", release, namespace, "", "", List.of(), false, Map.of(), "", "",
        false, "", "", false);
  }

  private static PlanInput byHash(String hash) {
    return new PlanInput(
        "", "", "", "", "", "", "", "", "", List.of(), false, null, "", "", false, "", hash, false);
  }

  /** Waits at most ten seconds, so a wrong order shows in the events instead of hanging. */
  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static ErrorKind kindOf(ThrowingCallable call) {
    try {
      call.call();
    } catch (DomainException e) {
      return e.kind();
    } catch (Throwable other) {
      throw new AssertionError("not a domain error", other);
    }
    throw new AssertionError("nothing was refused");
  }

  private static void refused(ThrowingCallable call, ErrorKind kind) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(DomainException.class, e -> assertThat(e.kind()).isEqualTo(kind));
  }
}
