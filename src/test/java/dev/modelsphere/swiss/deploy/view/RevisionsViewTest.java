package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.llmsvc.HelmRelease;
import dev.modelsphere.swiss.llmsvc.HistoryEntry;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.apps.ControllerRevisionBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The revisions of a release, their plans and values (reference server.md §3.17-3.19). */
@ClusterTest
class RevisionsViewTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);

  private RevisionsView view() {
    return new RevisionsView(
        cluster.core().backends(), cluster.helmReleases(), cluster.core().storage());
  }

  private Plan glm(String form) {
    return ExamplePlans.sglang("glm", cluster.namespace(), form);
  }

  @Test
  void aHelmReleaseListsItsArchivedPlansAndTheLiveOneAndServesEachPlanAndItsValues() {
    Plan first = glm("replicaCount: 1");
    Plan second = glm("replicaCount: 2");
    Plan third = glm("replicaCount: 3");
    cluster.deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
    cluster.deployer().apply(second, Mode.UPGRADE, new ApplyOptions(1, "apply", ""));
    cluster.deployer().apply(third, Mode.UPGRADE, new ApplyOptions(2, "apply", ""));

    RevisionList list = view().list(cluster.namespace(), "glm");

    // Every revision installed the one chart folder, whose digest each row records.
    String chart = cluster.differ().diff(third).chartDigest();
    assertThat(chart).startsWith("sha256:");
    assertThat(list.revisions())
        .containsExactly(
            new RevisionList.Revision(
                3, "qwen3-8b", "1.0.0", "sglang-tp1", "sglang-0.8.0", third.hash(), true, chart),
            new RevisionList.Revision(
                2, "qwen3-8b", "1.0.0", "sglang-tp1", "sglang-0.8.0", "", false, chart),
            new RevisionList.Revision(
                1, "qwen3-8b", "1.0.0", "sglang-tp1", "sglang-0.8.0", "", false, chart));
    assertThat(view().plan(cluster.namespace(), "glm", "2").hash()).isEqualTo(second.hash());
    assertThat(view().plan(cluster.namespace(), "glm", "3").hash()).isEqualTo(third.hash());
    assertThatThrownBy(() -> view().plan(cluster.namespace(), "glm", "99"))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.NOT_FOUND));
    assertThatThrownBy(() -> view().plan(cluster.namespace(), "glm", "two"))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.INVALID))
        .hasMessageContaining("revision must be a number");

    RevisionValues values = view().values(cluster.namespace(), "glm", "2", false);

    assertThat(values.revision()).isEqualTo(2);
    assertThat(values.supplied())
        .contains("replicaCount: 2")
        .doesNotContain("terminationGracePeriodSeconds");
    assertThat(values.all()).contains("replicaCount: 2").contains("terminationGracePeriodSeconds");
    assertThat(values.suppliedError()).isEmpty();
  }

  @Test
  void anLlmServiceListsTheOperatorsHistoryItsSnapshotsAndArchivesFromBeforeItMoved() {
    Crds.installLlmService(cluster.admin());
    Plan legacy = seeds.repoPlan("qwen");
    Plan older =
        seeds.repoPlan("qwen").withLayers(Map.of("form", Map.of("replicaCount", 2L))).withHash();
    Plan live =
        seeds.repoPlan("qwen").withLayers(Map.of("form", Map.of("replicaCount", 4L))).withHash();
    cluster
        .kube()
        .putSecret(
            cluster.namespace(),
            PlanArchive.secretName("qwen", 1),
            PlanFiles.files(legacy, ""),
            Map.of("owner", "swiss", "name", "qwen", "version", "1"));
    snapshot("qwen-cr3", older);
    snapshot("qwen-cr4", live);
    seeds.service(live, Map.of(), Map.of());
    operatorHistory(
        4,
        List.of(
            entry(4, live, "qwen-cr4"), entry(3, older, "qwen-cr3"), entry(2, older, "qwen-gone")));

    RevisionList list = view().list(cluster.namespace(), "qwen");

    assertThat(list.revisions())
        .containsExactly(
            new RevisionList.Revision(
                4, "qwen3-8b", "1.0.0", "sglang-tp1", "sglang-0.8.0", live.hash(), true, ""),
            new RevisionList.Revision(
                3, "qwen3-8b", "1.0.0", "sglang-tp1", "sglang-0.8.0", older.hash(), false, ""),
            RevisionList.Revision.bare(2, older.hash(), false),
            new RevisionList.Revision(
                1, "qwen3-8b", "1.0.0", "sglang-tp1", "sglang-0.8.0", legacy.hash(), false, ""));
    assertThat(view().plan(cluster.namespace(), "qwen", "4").hash()).isEqualTo(live.hash());
    assertThat(view().plan(cluster.namespace(), "qwen", "3").hash()).isEqualTo(older.hash());
    assertThat(view().plan(cluster.namespace(), "qwen", "1").hash()).isEqualTo(legacy.hash());
    assertThatThrownBy(() -> view().plan(cluster.namespace(), "qwen", "2"))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.NOT_FOUND))
        .hasMessageContaining("qwen-gone");
  }

  /**
   * SIMULATION: the ControllerRevision the operator keeps for an applied revision: the spec and the
   * swiss annotations of the object it applied.
   */
  private void snapshot(String name, Plan plan) {
    LlmService svc = PlanMapping.fromPlan(plan, "apply", "");
    Map<?, ?> spec =
        cluster.admin().getKubernetesSerialization().convertValue(svc.getSpec(), Map.class);
    cluster
        .admin()
        .apps()
        .controllerRevisions()
        .inNamespace(cluster.namespace())
        .resource(
            new ControllerRevisionBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .withRevision(1L)
                .withData(Map.of("spec", spec, "annotations", svc.getMetadata().getAnnotations()))
                .build())
        .create();
  }

  private static HistoryEntry entry(int revision, Plan plan, String controllerRevision) {
    return new HistoryEntry(
        revision, plan.hash(), "2026-12-01T08:00:00Z", controllerRevision, null, null, "apply");
  }

  /** SIMULATION: the operator's status after applying {@code live}, with its history. */
  private void operatorHistory(int live, List<HistoryEntry> history) {
    cluster
        .llmServices()
        .withName("qwen")
        .editStatus(
            svc -> {
              svc.setStatus(
                  new LlmServiceStatus(
                      svc.getMetadata().getGeneration(),
                      Phase.Applied,
                      null,
                      "",
                      null,
                      null,
                      new HelmRelease(live, "deployed"),
                      history));
              return svc;
            });
  }
}
