package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.AutoscalerSimulation;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Helm 4 applies server-side: another field manager that owns a field the plan sets (an autoscaler
 * owning {@code spec.replicas}, simulated here by a server-side apply under its own manager name)
 * stops an apply with a conflict naming the object, the field and the manager, unless the apply
 * forces conflicts, which takes the field and is recorded beside the release.
 */
@ClusterTest
class ServerSideApplyTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String AUTOSCALER = AutoscalerSimulation.MANAGER;

  @Test
  void helmReleasesAreAppliedServerSideUnderHelmsFieldManager() {
    cluster.deployer().apply(plan("ssa", 1), Mode.INSTALL, ApplyOptions.install());

    List<ManagedFieldsEntry> managers = deployment("ssa").getMetadata().getManagedFields();

    assertThat(managers)
        .as("%s", managers.stream().map(m -> m.getManager() + " " + m.getOperation()).toList())
        .filteredOn(m -> m.getManager().equals("helm"))
        .singleElement()
        .satisfies(m -> assertThat(m.getOperation()).isEqualTo("Apply"));
  }

  @Test
  void anApplyOverAFieldAnotherManagerOwnsIsAConflictNamingObjectFieldAndManager() {
    cluster.deployer().apply(plan("held", 1), Mode.INSTALL, ApplyOptions.install());
    scaleAsTheAutoscaler("held", 3);

    assertThatThrownBy(
            () -> cluster.deployer().apply(plan("held", 2), Mode.UPGRADE, ApplyOptions.apply(1)))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.recorded()).as("the cluster refused a write it received").isTrue();
            })
        .hasMessageContaining("deployment/held-sglang")
        .hasMessageContaining(".spec.replicas")
        .hasMessageContaining(AUTOSCALER)
        .hasMessageContaining("--force-conflicts");
    assertThat(deployment("held").getSpec().getReplicas()).isEqualTo(3);
    assertThat(status("held")).contains("phase: failed").doesNotContain("forced");
  }

  @Test
  void forcingConflictsTakesTheFieldAndRecordsThatItForced() {
    cluster.deployer().apply(plan("forced", 1), Mode.INSTALL, ApplyOptions.install());
    scaleAsTheAutoscaler("forced", 3);

    ApplyResult applied =
        cluster
            .deployer()
            .apply(plan("forced", 2), Mode.UPGRADE, ApplyOptions.apply(1).forcingConflicts());

    assertThat(applied.revision()).isEqualTo(2);
    assertThat(applied.output()).as("what the run records").contains("FORCED");
    assertThat(deployment("forced").getSpec().getReplicas()).isEqualTo(2);
    assertThat(status("forced")).contains("phase: applied", "forced: true");
    assertThat(replicasOwners("forced")).containsExactly("helm");
  }

  private Plan plan(String release, int replicas) {
    return cluster.plan(release, "replicaCount: " + replicas);
  }

  private Deployment deployment(String release) {
    return cluster
        .admin()
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .withName(release + "-sglang")
        .get();
  }

  private void scaleAsTheAutoscaler(String release, int replicas) {
    AutoscalerSimulation.scale(cluster.admin(), cluster.namespace(), release + "-sglang", replicas);
    assertThat(replicasOwners(release)).containsExactly(AUTOSCALER);
  }

  private List<String> replicasOwners(String release) {
    return AutoscalerSimulation.replicasOwners(deployment(release));
  }

  private String status(String release) {
    return cluster
        .kube()
        .configMap(cluster.namespace(), "swiss-plan-" + release)
        .orElseThrow()
        .get("status.yaml");
  }
}
