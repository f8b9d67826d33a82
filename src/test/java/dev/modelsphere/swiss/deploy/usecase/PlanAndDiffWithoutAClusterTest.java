package dev.modelsphere.swiss.deploy.usecase;

import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.NS;
import static dev.modelsphere.swiss.deploy.usecase.InMemorySite.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.PlanInput;
import dev.modelsphere.swiss.deploy.PlanReviews;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.fake.InMemoryGpuNodes;
import dev.modelsphere.swiss.deploy.preflight.GpuFitRule;
import dev.modelsphere.swiss.deploy.preflight.Problem;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.values.Tree;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The use cases that look before a write (compose and keep a plan, diff it), with the cluster kept
 * in memory: what they answer follows from the release the backend holds, and what preflight finds
 * comes with it.
 */
class PlanAndDiffWithoutAClusterTest {
  @TempDir Path dir;

  private InMemorySite site;

  @AfterEach
  void close() {
    if (site != null) {
      site.close();
    }
  }

  private InMemorySite site(int freeGpusPerNode) {
    site =
        new InMemorySite(
            dir, false, InMemoryGpuNodes.of(2, "NVIDIA-H100-80GB-HBM3", freeGpusPerNode));
    return site;
  }

  private Plan installed(String release) {
    Plan plan = site.reviews.propose(request(release, Map.of())).plan();
    site.writes.apply("alice", plan, Mode.INSTALL, ApplyOptions.install());
    return plan;
  }

  @Test
  void aProposedPlanIsKeptByItsHashForTheWriteThatNamesIt() {
    site(8);

    PlanReviews.Proposed proposed = site.reviews.propose(request("chat", Map.of()));

    assertThat(proposed.preflight().ok()).as(proposed.preflight().summary()).isTrue();
    assertThat(proposed.plan().release().namespace()).isEqualTo(NS);
    assertThat(site.reviews.planToWrite(proposed.plan().hash())).isEqualTo(proposed.plan());
  }

  @Test
  void aProposalWhoseGpusNoNodeHasFreeIsKeptAndItsPreflightSaysWhy() {
    site(1);

    PlanReviews.Proposed proposed = site.reviews.propose(request("chat", Map.of()));

    assertThat(proposed.preflight().problems())
        .extracting(Problem::rule)
        .containsExactly(GpuFitRule.NAME);
    assertThat(site.reviews.planToWrite(proposed.plan().hash())).isEqualTo(proposed.plan());
  }

  @Test
  void aDiffOfANewReleaseShowsEverythingAsAnAddition() {
    site(8);

    DiffResult diff = site.reviews.review(request("chat", Map.of())).diff();

    assertThat(diff.exists()).isFalse();
    assertThat(diff.changed()).isTrue();
    assertThat(diff.render()).contains("does not exist yet");
  }

  @Test
  void aDiffOfThePlanARunningReleaseWasInstalledFromShowsNoChange() {
    site(8);
    Plan plan = installed("chat");

    PlanReviews.Reviewed reviewed = site.reviews.review(PlanInput.ofStoredPlan(plan.hash()));

    assertThat(reviewed.diff().exists()).isTrue();
    assertThat(reviewed.diff().revision()).isEqualTo(1);
    assertThat(reviewed.diff().changed()).as(reviewed.diff().render()).isFalse();
  }

  @Test
  void anUpgradeComposesFromThePlanTheReleaseRunsAndItsDiffShowsOnlyTheChangedValue() {
    site(8);
    installed("chat");

    PlanReviews.Proposed upgrade =
        site.reviews.propose(InMemorySite.upgrade("chat", Map.of("replicaCount", 3)));
    DiffResult diff = site.reviews.review(PlanInput.ofStoredPlan(upgrade.plan().hash())).diff();

    assertThat(Tree.get(upgrade.plan().values(), "replicaCount").value()).isEqualTo(3);
    assertThat(diff.changed()).isTrue();
    assertThat(diff.render())
        .contains("against release revision 1")
        .containsPattern("\\n\\+ +replicaCount: 3\\n")
        .doesNotContainPattern("\\n-(?!--)");
  }

  @Test
  void aRevisionsReviewShowsWhatRollingBackToItWouldChange() {
    site(8);
    installed("chat");
    Plan upgrade =
        site.reviews.propose(InMemorySite.upgrade("chat", Map.of("replicaCount", 3))).plan();
    site.writes.apply("alice", upgrade, Mode.UPGRADE, ApplyOptions.apply(1));

    DiffResult back = site.reviews.reviewRevision(NS, "chat", 1);

    assertThat(back.revision()).isEqualTo(2);
    assertThat(back.changed()).isTrue();
    assertThat(back.render()).containsPattern("\\n- +replicaCount: 3\\n");
  }
}
