package dev.modelsphere.swiss.deploy.usecase;

import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.NS;
import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.request;
import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.upgrade;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.fake.InMemoryGpuNodes;
import dev.modelsphere.swiss.deploy.preflight.GpuFitRule;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.RunFilter;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The use cases that change a release (install, apply, roll back), with the cluster kept in memory:
 * each write makes the revision it says, is refused with its kind before anything is written when
 * it must not run, and leaves its run in the audit log when it reached the cluster, whatever
 * failed.
 */
class WritesWithoutAClusterTest {
  @TempDir Path dir;

  private InMemorySite site;

  @BeforeEach
  void open() {
    site = new InMemorySite(dir, false, InMemoryGpuNodes.of(2, "NVIDIA-H100-80GB-HBM3", 8));
  }

  /** The same site, its nodes busy but for {@code free} GPUs each. */
  private void reopenWithFreeGpusPerNode(int free) {
    site.close();
    site = new InMemorySite(dir, false, InMemoryGpuNodes.of(2, "NVIDIA-H100-80GB-HBM3", free));
  }

  @AfterEach
  void close() {
    site.close();
  }

  private Plan proposed(String release) {
    return site.reviews.propose(request(release, Map.of())).plan();
  }

  private Plan proposedUpgrade(String release, int replicas) {
    return site.reviews.propose(upgrade(release, Map.of("replicaCount", replicas))).plan();
  }

  private ApplyResult install(Plan plan) {
    return site.writes.apply("alice", plan, Mode.INSTALL, ApplyOptions.install());
  }

  private ApplyResult upgradeTo(Plan plan, int expectRevision) {
    return site.writes.apply("alice", plan, Mode.UPGRADE, ApplyOptions.apply(expectRevision));
  }

  private static void refused(ThrowingCallable write, ErrorKind kind, String... named) {
    assertThatThrownBy(write)
        .isInstanceOfSatisfying(DomainException.class, e -> assertThat(e.kind()).isEqualTo(kind))
        .hasMessageContainingAll(named);
  }

  @Test
  void anInstallMakesRevisionOneAndAnUpgradeRevisionTwoEachInTheAuditLogWithItsPlan() {
    Plan first = proposed("chat");
    assertThat(install(first).revision()).isEqualTo(1);
    Plan second = proposedUpgrade("chat", 3);

    ApplyResult upgraded = upgradeTo(second, 1);

    assertThat(upgraded.revision()).isEqualTo(2);
    assertThat(site.backend.current(NS, "chat")).isEqualTo(second);
    assertThat(site.runsOf("chat"))
        .extracting(Run::action, Run::planHash, Run::revision, Run::actor, Run::error)
        .containsExactly(
            tuple("apply", second.hash(), 2, "alice", ""),
            tuple("install", first.hash(), 1, "alice", ""));
  }

  @Test
  void anUpgradeThatExpectsARevisionTheReleaseMovedPastIsAConflictAndWritesNothing() {
    install(proposed("chat"));
    upgradeTo(proposedUpgrade("chat", 2), 1);
    Plan late = proposedUpgrade("chat", 3);

    refused(() -> upgradeTo(late, 1), ErrorKind.CONFLICT, "moved from revision 1 to 2");

    assertThat(site.backend.live(NS, "chat").revision()).isEqualTo(2);
    assertThat(site.runsOf("chat")).hasSize(2);
  }

  @Test
  void applyingThePlanTheReleaseRunsMakesNoRevisionAndIsRecordedUnchanged() {
    Plan plan = proposed("chat");
    install(plan);

    ApplyResult again = upgradeTo(plan, 1);

    assertThat(again.changed()).isFalse();
    assertThat(site.backend.revisions(NS, "chat")).hasSize(1);
    assertThat(site.runsOf("chat").get(0))
        .extracting(Run::action, Run::changed, Run::revision)
        .containsExactly("apply", false, 1);
  }

  @Test
  void anInstallPreflightRefusesIsAConflictWritesNothingAndIsNotRecorded() {
    reopenWithFreeGpusPerNode(1);
    Plan plan = proposed("chat");

    refused(() -> install(plan), ErrorKind.CONFLICT, GpuFitRule.NAME);

    assertThat(site.backend.live(NS, "chat").exists()).isFalse();
    assertThat(site.runsOf("chat")).isEmpty();
  }

  @Test
  void anInstallOutsideTheServedNamespacesIsForbiddenAndWritesNothing() {
    Plan elsewhere = site.reviews.propose(request("chat", "other", Map.of())).plan();

    refused(() -> install(elsewhere), ErrorKind.FORBIDDEN, "other", "cluster.namespaces");

    assertThat(site.backend.live("other", "chat").exists()).isFalse();
    assertThat(site.store.runs(RunFilter.latest(0))).isEmpty();
  }

  @Test
  void aRollbackWritesTheArchivedPlanAgainAsANewRevision() {
    Plan first = proposed("chat");
    install(first);
    upgradeTo(proposedUpgrade("chat", 3), 1);

    ApplyResult back = site.writes.rollback("alice", NS, "chat", new Rollback(1, 2, "too many"));

    assertThat(back.revision()).isEqualTo(3);
    assertThat(site.backend.current(NS, "chat")).isEqualTo(first);
    assertThat(site.runsOf("chat").get(0))
        .extracting(Run::action, Run::planHash, Run::revision, Run::note)
        .containsExactly("rollback", first.hash(), 3, "too many");
  }

  @Test
  void aRollbackThatNamesNoExpectedRevisionIsInvalidAndWritesNothing() {
    install(proposed("chat"));
    upgradeTo(proposedUpgrade("chat", 3), 1);

    refused(
        () -> site.writes.rollback("alice", NS, "chat", new Rollback(1, 0, "")),
        ErrorKind.INVALID,
        "expectRevision is required");

    assertThat(site.backend.live(NS, "chat").revision()).isEqualTo(2);
  }

  @Test
  void anUpgradeWhoseBackendFailsAfterTheWriteLandedIsRecordedAsFailedAndThrownWithItsKind() {
    install(proposed("chat"));
    Plan upgrade = proposedUpgrade("chat", 3);
    site.backend.failNextWriteWith(
        new KubeException("patch deployments models/chat: the API server closed the stream"));

    refused(() -> upgradeTo(upgrade, 1), ErrorKind.UPSTREAM_FAILED, "closed the stream");

    assertThat(site.backend.live(NS, "chat").helmStatus()).isEqualTo("failed");
    assertThat(site.runsOf("chat").get(0))
        .extracting(Run::action, Run::planHash, Run::changed, Run::error)
        .containsExactly(
            "apply",
            upgrade.hash(),
            false,
            "patch deployments models/chat: the API server closed the stream");
  }

  @Test
  void aFailureTheBackendReportsAsAFailedWriteIsRecordedWithItsMessage() {
    install(proposed("chat"));
    site.backend.failNextWriteWith(
        new DeployException(ErrorKind.FAILED, "upgrade of models/chat failed: timed out"));

    refused(() -> upgradeTo(proposedUpgrade("chat", 3), 1), ErrorKind.FAILED, "timed out");

    assertThat(site.runsOf("chat").get(0).error()).contains("timed out");
  }
}
