package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.helm.ObjectChange;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The helm backend against a real API server, from install to uninstall. */
class HelmDeployerTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();
  private HelmTestbed bed;

  @BeforeEach
  void start() {
    bed = HelmTestbed.on(cluster);
  }

  @Test
  void installDiffApplyRevisionLockRollbackAndUninstallWorkAsOneStory() {
    Plan first = bed.plan("qwen", "replicaCount: 1");
    Plan second = bed.plan("qwen", "replicaCount: 2");
    Plan third = bed.plan("qwen", "replicaCount: 3");

    ApplyResult installed = bed.deployer.apply(first, Mode.INSTALL, ApplyOptions.install());
    assertThat(installed.revision()).isEqualTo(1);

    DiffResult same = bed.differ.diff(first);
    assertThat(same.exists()).isTrue();
    assertThat(same.changed()).as(same.render()).isFalse();

    DiffResult changed = bed.differ.diff(second);
    assertThat(changed.changed()).isTrue();
    assertThat(changed.againstRelease().changes())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.key().kind()).isEqualTo("Deployment");
              assertThat(c.change()).isEqualTo(ObjectChange.Change.CHANGED);
              assertThat(c.diff()).contains("-  replicas: 1", "+  replicas: 2");
            });

    ApplyResult applied = bed.deployer.apply(second, Mode.UPGRADE, ApplyOptions.apply(1));
    assertThat(applied.revision()).isEqualTo(2);
    assertThat(replicas()).isEqualTo(2);

    assertThatThrownBy(() -> bed.deployer.apply(third, Mode.UPGRADE, ApplyOptions.apply(1)))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(DeployException.Reason.CONFLICT);
              assertThat(e.getMessage()).contains("revision 1", "2");
            });
    assertThat(bed.deployer.status(bed.namespace, "qwen").revision()).isEqualTo(2);
    assertThat(bed.deployer.current(bed.namespace, "qwen").hash()).isEqualTo(second.hash());
    assertThat(replicas()).isEqualTo(2);

    assertThatThrownBy(() -> bed.deployer.rollback(bed.namespace, "qwen", 1, 0, ""))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> assertThat(e.getMessage()).contains("expectRevision is required"));

    ApplyResult rolledBack = bed.deployer.rollback(bed.namespace, "qwen", 1, 2, "back to one");
    assertThat(rolledBack.revision()).isEqualTo(3);
    ReleaseStorage storage = new ReleaseStorage(bed.client);
    assertThat(storage.revision(bed.namespace, "qwen", 3).orElseThrow().config())
        .isEqualTo(storage.revision(bed.namespace, "qwen", 1).orElseThrow().config());
    assertThat(bed.deployer.current(bed.namespace, "qwen").hash()).isEqualTo(first.hash());
    assertThat(bed.deployer.archivedRevisions(bed.namespace, "qwen")).containsExactly(2, 1);
    assertThat(replicas()).isEqualTo(1);

    UninstallResult removed = bed.deployer.uninstall(bed.namespace, "qwen");
    assertThat(removed.planError()).isEmpty();
    assertThat(storage.newest(bed.namespace, "qwen")).isEmpty();
    assertThat(bed.kube.secretNames(bed.namespace, Map.of("owner", "swiss"))).isEmpty();
    assertThat(bed.kube.configMap(bed.namespace, "swiss-plan-qwen")).isEmpty();
    assertThat(
            bed.client
                .apps()
                .deployments()
                .inNamespace(bed.namespace)
                .withName("qwen-sglang")
                .get())
        .isNull();
  }

  @Test
  void theStatusFileSaysApplyingWhileHelmRunsAndFailedWithHelmsErrorAfterwards() {
    List<String> phases = new CopyOnWriteArrayList<>();
    Plan rejected = bed.plan("broken", "fullnameOverride: Not_A_Valid_Name");

    try (Watch watch =
        bed.client
            .configMaps()
            .inNamespace(bed.namespace)
            .withName("swiss-plan-broken")
            .watch(
                new Watcher<>() {
                  @Override
                  public void eventReceived(Action action, ConfigMap cm) {
                    phases.add(PlanStatus.parse(cm.getData().get(PlanStatus.FILE)).phase());
                  }

                  @Override
                  public void onClose(WatcherException cause) {}
                })) {
      assertThatThrownBy(() -> bed.deployer.apply(rejected, Mode.INSTALL, ApplyOptions.install()))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                assertThat(e.reason()).isEqualTo(DeployException.Reason.FAILED);
                assertThat(e.getMessage()).contains("Not_A_Valid_Name");
              });
      org.awaitility.Awaitility.await().until(() -> phases.contains(PlanStatus.FAILED));
    }

    assertThat(phases).containsSubsequence(PlanStatus.APPLYING, PlanStatus.FAILED);
    PlanStatus status = bed.deployer.status(bed.namespace, "broken").plan();
    assertThat(status.phase()).isEqualTo(PlanStatus.FAILED);
    assertThat(status.error()).contains("Not_A_Valid_Name");
    assertThat(status.action()).isEqualTo("install");
  }

  @Test
  void aPlanForANamespaceThatDoesNotExistIsRefusedBeforeAnythingIsWritten() {
    String missing = "swiss-missing-" + Long.toString(System.nanoTime(), 36);
    Plan plan =
        HelmTestbed.plan("qwen", missing, "replicaCount: 1", bed.plan("qwen", "").chart(), false);

    assertThatThrownBy(() -> bed.deployer.apply(plan, Mode.INSTALL, ApplyOptions.install()))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(DeployException.Reason.CONFLICT);
              assertThat(e.getMessage()).contains(missing, "does not exist", "create-namespace");
            });
    assertThat(bed.kube.namespaceExists(missing)).isFalse();
  }

  @Test
  void aPlanThatAsksForItsNamespaceGetsItCreated() {
    String fresh = "swiss-new-" + Long.toString(System.nanoTime(), 36);
    Plan plan =
        HelmTestbed.plan("qwen", fresh, "replicaCount: 1", bed.plan("qwen", "").chart(), true);
    try {
      ApplyResult result = bed.deployer.apply(plan, Mode.INSTALL, ApplyOptions.install());

      assertThat(result.revision()).isEqualTo(1);
      assertThat(bed.kube.namespaceExists(fresh)).isTrue();
      assertThat(bed.deployer.status(fresh, "qwen").plan().phase()).isEqualTo(PlanStatus.APPLIED);
    } finally {
      bed.client.namespaces().withName(fresh).delete();
    }
  }

  @Test
  void installRefusesAnExistingReleaseAndApplyRefusesAMissingOne() {
    Plan plan = bed.plan("qwen", "replicaCount: 1");

    assertThatThrownBy(() -> bed.deployer.apply(plan, Mode.UPGRADE, ApplyOptions.apply(0)))
        .hasMessageContaining("no release " + bed.namespace + "/qwen")
        .hasMessageContaining("swiss install");
    bed.deployer.apply(plan, Mode.INSTALL, ApplyOptions.install());
    assertThatThrownBy(() -> bed.deployer.apply(plan, Mode.INSTALL, ApplyOptions.install()))
        .hasMessageContaining("already exists at revision 1")
        .hasMessageContaining("swiss apply");
  }

  @Test
  void archivedPlansArePrunedToThePlanHistory() {
    HelmTestbed small = HelmTestbed.on(cluster, 2);
    small.deployer.apply(
        small.plan("qwen", "replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());
    for (int n = 2; n <= 5; n++) {
      small.deployer.apply(
          small.plan("qwen", "replicaCount: " + n), Mode.UPGRADE, ApplyOptions.apply(0));
    }

    assertThat(small.deployer.archivedRevisions(small.namespace, "qwen")).containsExactly(4, 3);
    assertThat(
            small
                .client
                .secrets()
                .inNamespace(small.namespace)
                .withName("swiss.plan.v1.qwen.v4")
                .get()
                .getMetadata()
                .getLabels())
        .containsEntry("owner", "swiss")
        .containsEntry("name", "qwen")
        .containsEntry("version", "4")
        .containsEntry("app.kubernetes.io/managed-by", "swiss");
    assertThat(small.deployer.archived(small.namespace, "qwen", 4).values())
        .containsEntry("replicaCount", 4L);
  }

  private int replicas() {
    return bed.client
        .apps()
        .deployments()
        .inNamespace(bed.namespace)
        .withName("qwen-sglang")
        .get()
        .getSpec()
        .getReplicas();
  }
}
