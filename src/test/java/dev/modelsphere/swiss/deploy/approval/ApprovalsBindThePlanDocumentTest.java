package dev.modelsphere.swiss.deploy.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanDocument;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.store.Approval;
import dev.modelsphere.swiss.store.Store;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39: a plan composed again under the hash of an approved one replaces the stored plan, so an
 * approval holds its write to the plan document it was asked for, not only to the hash. alice asks,
 * bob approves, on a SQLite store as a single server keeps them.
 */
class ApprovalsBindThePlanDocumentTest {
  private static final Instant T0 = Instant.parse("2026-12-03T09:00:00Z");
  private static final Profile PROTECTED =
      Profile.parse(
          "name: protected\nrequireApproval: true\nmodel:\n  pathTemplate: /models/{{name}}\n",
          "test profile");

  @TempDir Path dir;
  private Store store;
  private Approvals approvals;

  @BeforeEach
  void open() {
    store = Store.open(dir.resolve("swiss.db"));
    approvals =
        new Approvals(
            store,
            () -> Optional.of(PROTECTED),
            (namespace, release) -> 0,
            Duration.ofHours(1),
            Clock.fixed(T0, ZoneOffset.UTC));
  }

  @AfterEach
  void close() {
    store.close();
  }

  private long approvedInstall(Plan plan) {
    long id =
        approvals
            .request(
                "alice",
                new ApprovalAsk(
                    "install", "models", "chat", plan.hash(), 0, "", "", false, false, "new"))
            .id();
    approvals.approve(Approver.person("bob"), id, "");
    return id;
  }

  private String install(Plan plan) {
    return approvals.spend("alice", GuardedWrite.ofPlan("install", plan, WriteFlags.NONE), () -> 0);
  }

  @Test
  void aPlanComposedAgainWithCreateNamespaceAfterItsApprovalIsRefusedUntilApprovedAgain() {
    Plan first = PlanDifferencesTest.plan();
    store.putPlan(PlanDocument.of(first), T0);
    long asked = approvedInstall(first);
    store.putPlan(PlanDocument.of(first.withCreateNamespace(true)), T0.plusSeconds(5));
    Plan composedAgain = store.plan(first.hash()).orElseThrow();

    assertThatThrownBy(() -> install(composedAgain))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT))
        .hasMessageContaining("approval #" + asked)
        .hasMessageContaining("createNamespace true where false was approved")
        .hasMessageContaining("POST /api/approvals again")
        .hasMessageContaining("nothing was written");
    assertThat(approvals.get(asked).state())
        .as("a refused write spends nothing")
        .isEqualTo(Approval.APPROVED);

    long again = approvedInstall(composedAgain);
    assertThat(install(composedAgain)).isEqualTo("bob");
    assertThat(approvals.get(again).state()).isEqualTo(Approval.SPENT);
  }

  @Test
  void thePlanWrittenAsItWasApprovedSpendsTheApproval() {
    Plan plan = PlanDifferencesTest.plan();
    store.putPlan(PlanDocument.of(plan), T0);
    long asked = approvedInstall(plan);

    assertThat(install(store.plan(plan.hash()).orElseThrow())).isEqualTo("bob");
    assertThat(approvals.get(asked).state()).isEqualTo(Approval.SPENT);
  }

  @Test
  void anApprovalAskedBeforeApprovalsRecordedTheirPlanDocumentAllowsNoPlanWrite() {
    Plan plan = PlanDifferencesTest.plan();
    store.putPlan(PlanDocument.of(plan), T0);
    // As a request made before migration V8 reads: its plan_document column is empty.
    Approval old =
        store
            .approvals()
            .add(
                Approval.pending(
                        "install", "models", "chat", "", 0, "alice", T0, T0.plusSeconds(60))
                    .withPlanHash(plan.hash()));
    store.approvals().decide(old.id(), Approval.APPROVED, "bob", "", T0);

    assertThatThrownBy(() -> install(plan))
        .isInstanceOf(DeployException.class)
        .hasMessageContaining("approval #" + old.id())
        .hasMessageContaining("never saw");
  }
}
