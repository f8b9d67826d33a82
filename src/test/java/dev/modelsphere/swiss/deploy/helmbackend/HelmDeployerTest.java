package dev.modelsphere.swiss.deploy.helmbackend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ObjectChange;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The helm backend against a real API server, from install to uninstall. */
@ClusterTest
class HelmDeployerTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void installDiffApplyRevisionLockRollbackAndUninstallWorkAsOneStory() {
    Plan first = cluster.plan("qwen", "replicaCount: 1");
    Plan second = cluster.plan("qwen", "replicaCount: 2");
    Plan third = cluster.plan("qwen", "replicaCount: 3");

    ApplyResult installed = cluster.deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
    assertThat(installed.revision()).isEqualTo(1);

    DiffResult same = cluster.differ().diff(first);
    assertThat(same.exists()).isTrue();
    assertThat(same.changed()).as(same.render()).isFalse();

    DiffResult changed = cluster.differ().diff(second);
    assertThat(changed.changed()).isTrue();
    assertThat(changed.againstRelease().changes())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.key().kind()).isEqualTo("Deployment");
              assertThat(c.change()).isEqualTo(ObjectChange.Change.CHANGED);
              assertThat(c.diff()).contains("-    replicas: 1", "+    replicas: 2");
            });

    ApplyResult applied = cluster.deployer().apply(second, Mode.UPGRADE, ApplyOptions.apply(1));
    assertThat(applied.revision()).isEqualTo(2);
    assertThat(replicas()).isEqualTo(2);

    assertThatThrownBy(() -> cluster.deployer().apply(third, Mode.UPGRADE, ApplyOptions.apply(1)))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage()).contains("revision 1", "2");
            });
    assertThat(cluster.deployer().status(cluster.namespace(), "qwen").revision()).isEqualTo(2);
    assertThat(cluster.deployer().current(cluster.namespace(), "qwen").hash())
        .isEqualTo(second.hash());
    assertThat(replicas()).isEqualTo(2);

    assertThatThrownBy(
            () -> cluster.deployer().rollback(cluster.namespace(), "qwen", new Rollback(1, 0, "")))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> assertThat(e.getMessage()).contains("expectRevision is required"));

    ApplyResult rolledBack =
        cluster.deployer().rollback(cluster.namespace(), "qwen", new Rollback(1, 2, "back to one"));
    assertThat(rolledBack.revision()).isEqualTo(3);
    ReleaseStorage storage = new ReleaseStorage(cluster.admin());
    assertThat(storage.revision(cluster.namespace(), "qwen", 3).orElseThrow().config())
        .isEqualTo(storage.revision(cluster.namespace(), "qwen", 1).orElseThrow().config());
    assertThat(cluster.deployer().current(cluster.namespace(), "qwen").hash())
        .isEqualTo(first.hash());
    assertThat(cluster.deployer().archivedRevisions(cluster.namespace(), "qwen"))
        .containsExactly(2, 1);
    assertThat(replicas()).isEqualTo(1);

    UninstallResult removed = cluster.deployer().uninstall(cluster.namespace(), "qwen");
    assertThat(removed.planError()).isEmpty();
    assertThat(storage.newest(cluster.namespace(), "qwen")).isEmpty();
    assertThat(cluster.kube().secretNames(cluster.namespace(), Map.of("owner", "swiss"))).isEmpty();
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-qwen")).isEmpty();
    assertThat(
            cluster
                .admin()
                .apps()
                .deployments()
                .inNamespace(cluster.namespace())
                .withName("qwen-sglang")
                .get())
        .isNull();
  }

  @Test
  void theStatusFileSaysApplyingWhileHelmRunsAndFailedWithHelmsErrorAfterwards() {
    List<String> phases = new CopyOnWriteArrayList<>();
    Plan rejected = cluster.plan("broken", "fullnameOverride: Not_A_Valid_Name");

    try (Watch watch =
        cluster
            .admin()
            .configMaps()
            .inNamespace(cluster.namespace())
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
      assertThatThrownBy(
              () -> cluster.deployer().apply(rejected, Mode.INSTALL, ApplyOptions.install()))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                // The API server refused the object: the request's fault, a 400, never a 5xx.
                assertThat(e.kind()).isEqualTo(ErrorKind.INVALID);
                assertThat(e.getMessage()).contains("Not_A_Valid_Name");
              });
      org.awaitility.Awaitility.await().until(() -> phases.contains(PlanStatus.FAILED));
    }

    assertThat(phases).containsSubsequence(PlanStatus.APPLYING, PlanStatus.FAILED);
    PlanStatus status = cluster.deployer().status(cluster.namespace(), "broken").plan();
    assertThat(status.phase()).isEqualTo(PlanStatus.FAILED);
    assertThat(status.error()).contains("Not_A_Valid_Name");
    assertThat(status.action()).isEqualTo("install");
  }

  @Test
  void aPlanForANamespaceThatDoesNotExistIsRefusedBeforeAnythingIsWritten() {
    String missing = "swiss-missing-" + Long.toString(System.nanoTime(), 36);
    Plan plan =
        ExamplePlans.plan("qwen", missing, "replicaCount: 1", ExamplePlans.localSglang(), false);

    assertThatThrownBy(() -> cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install()))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage()).contains(missing, "does not exist", "create-namespace");
            });
    assertThat(cluster.kube().namespaceExists(missing)).isFalse();
  }

  @Test
  void aPlanThatAsksForItsNamespaceGetsItCreated() {
    String fresh = "swiss-new-" + Long.toString(System.nanoTime(), 36);
    Plan plan =
        ExamplePlans.plan("qwen", fresh, "replicaCount: 1", ExamplePlans.localSglang(), true);
    try {
      ApplyResult result = cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install());

      assertThat(result.revision()).isEqualTo(1);
      assertThat(cluster.kube().namespaceExists(fresh)).isTrue();
      assertThat(cluster.deployer().status(fresh, "qwen").plan().phase())
          .isEqualTo(PlanStatus.APPLIED);
    } finally {
      cluster.admin().namespaces().withName(fresh).delete();
    }
  }

  @Test
  void installRefusesAnExistingReleaseAndApplyRefusesAMissingOne() {
    Plan plan = cluster.plan("qwen", "replicaCount: 1");

    assertThatThrownBy(() -> cluster.deployer().apply(plan, Mode.UPGRADE, ApplyOptions.apply(0)))
        .hasMessageContaining("no release " + cluster.namespace() + "/qwen")
        .hasMessageContaining("swiss install");
    cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install());
    assertThatThrownBy(() -> cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install()))
        .hasMessageContaining("already exists at revision 1")
        .hasMessageContaining("swiss apply");
  }

  @Test
  void archivedPlansArePrunedToThePlanHistory() {
    HelmDeployer small = cluster.deployer(2);
    small.apply(cluster.plan("qwen", "replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());
    for (int n = 2; n <= 5; n++) {
      small.apply(cluster.plan("qwen", "replicaCount: " + n), Mode.UPGRADE, ApplyOptions.apply(0));
    }

    assertThat(small.archivedRevisions(cluster.namespace(), "qwen")).containsExactly(4, 3);
    assertThat(
            cluster
                .admin()
                .secrets()
                .inNamespace(cluster.namespace())
                .withName("swiss.plan.v1.qwen.v4")
                .get()
                .getMetadata()
                .getLabels())
        .containsEntry("owner", "swiss")
        .containsEntry("name", "qwen")
        .containsEntry("version", "4")
        .containsEntry("app.kubernetes.io/managed-by", "swiss");
    assertThat(small.archived(cluster.namespace(), "qwen", 4).values())
        .containsEntry("replicaCount", 4L);
  }

  private int replicas() {
    return cluster
        .admin()
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .withName("qwen-sglang")
        .get()
        .getSpec()
        .getReplicas();
  }
}
