package dev.modelsphere.swiss.deploy.usecase;

import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.NS;
import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.request;
import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.upgrade;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.approval.ApprovalAsk;
import dev.modelsphere.swiss.deploy.approval.Approver;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.fake.InMemoryGpuNodes;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.error.ErrorReason;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.store.Approval;
import dev.modelsphere.swiss.store.Run;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a site whose profile says {@code requireApproval}, a write spends an approval of exactly it by
 * another user: refused without one, run once with one, and never twice with the same one. The
 * approvals are the real ones, kept in the real store; only the cluster is in memory.
 */
class ApprovalSpendingWithoutAClusterTest {
  private static final String ALICE = "alice";
  private static final Approver BOB = Approver.person("bob");

  @TempDir Path dir;

  private InMemorySite site;

  @BeforeEach
  void open() {
    site = new InMemorySite(dir, true, InMemoryGpuNodes.of(2, "NVIDIA-H100-80GB-HBM3", 8));
  }

  @AfterEach
  void close() {
    site.close();
  }

  private ApplyResult install(Plan plan) {
    return site.writes.apply(ALICE, plan, Mode.INSTALL, ApplyOptions.install());
  }

  private ApplyResult upgradeTo(Plan plan, int expectRevision) {
    return site.writes.apply(ALICE, plan, Mode.UPGRADE, ApplyOptions.apply(expectRevision));
  }

  /** Alice asks for approval of the {@code action} of {@code plan}, and Bob approves it. */
  private Approval approved(String action, Plan plan) {
    ApprovalAsk ask =
        new ApprovalAsk(action, NS, "chat", plan.hash(), 0, "", "", false, false, "please");
    Approval asked = site.approvals.request(ALICE, ask);
    return site.approvals.approve(BOB, asked.id(), "fine");
  }

  private static void approvalRequired(ThrowingCallable write, String... named) {
    assertThatThrownBy(write)
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.reason()).isEqualTo(ErrorReason.APPROVAL_REQUIRED);
            })
        .hasMessageContainingAll(named);
  }

  @Test
  void anInstallWithoutAnApprovalIsRefusedAndWritesNothing() {
    Plan plan = site.reviews.propose(request("chat", Map.of())).plan();

    approvalRequired(() -> install(plan), "requires an approval", "you have asked for none");

    assertThat(site.backend.live(NS, "chat").exists()).isFalse();
    assertThat(site.writesOf("chat")).isEmpty();
  }

  @Test
  void anInstallAnotherUserApprovedRunsAndTheAuditLogNamesTheApprover() {
    Plan plan = site.reviews.propose(request("chat", Map.of())).plan();
    Approval approval = approved("install", plan);

    ApplyResult installed = install(plan);

    assertThat(installed.revision()).isEqualTo(1);
    assertThat(site.writesOf("chat"))
        .singleElement()
        .extracting(Run::action, Run::actor, Run::approvedBy)
        .containsExactly("install", ALICE, BOB.name());
    assertThat(site.approvals.get(approval.id()).state()).isEqualTo(Approval.SPENT);
  }

  @Test
  void anApprovalAllowsOneWriteAndIsRefusedWhenSpentAgain() {
    install(withApproval(site.reviews.propose(request("chat", Map.of())).plan()));
    Plan upgrade = site.reviews.propose(upgrade("chat", Map.of("replicaCount", 3))).plan();
    approved("apply", upgrade);
    upgradeTo(upgrade, 1);

    approvalRequired(() -> upgradeTo(upgrade, 2), "spent");

    assertThat(site.backend.live(NS, "chat").revision()).isEqualTo(2);
    assertThat(site.writesOf("chat")).hasSize(2);
  }

  private Plan withApproval(Plan install) {
    approved("install", install);
    return install;
  }
}
