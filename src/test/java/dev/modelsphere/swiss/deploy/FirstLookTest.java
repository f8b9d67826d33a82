package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.ReleaseRecords;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A write's first look reads a copy of helm's storage (in {@code swiss serve}, its watch), which
 * trails the API server by a moment. Played here by copies that are behind on purpose: they may let
 * a write on to its lease, where the release is read live, but never refuse one alone.
 */
@ClusterTest
class FirstLookTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  /** A copy that has not yet heard of any release. */
  private static final ReleaseRecords HEARD_OF_NONE = (namespace, release) -> Optional.empty();

  /** A copy still holding revision 1 of every release, deployed. */
  private static final ReleaseRecords STILL_AT_ONE =
      (namespace, release) ->
          Optional.of(
              new ReleaseRecord(
                  release, namespace, 1, "deployed", "sglang", "0.8.0", "", "", Map.of(), ""));

  @Test
  void aCopyThatHasNotHeardOfAReleaseDoesNotRefuseItsUpgradeOrItsUninstall() {
    cluster
        .deployer()
        .apply(cluster.plan("behind", "replicaCount: 0"), Mode.INSTALL, ApplyOptions.install());
    HelmDeployer behind = cluster.deployer(HEARD_OF_NONE);

    ApplyResult upgraded =
        behind.apply(
            cluster.plan("behind", "replicaCount: 1"), Mode.UPGRADE, ApplyOptions.apply(1));
    behind.uninstall(cluster.namespace(), "behind");

    assertThat(upgraded.revision()).isEqualTo(2);
    assertThat(new ReleaseStorage(cluster.admin()).revisions(cluster.namespace(), "behind"))
        .isEmpty();
  }

  @Test
  void aCopyStillHoldingAGoneReleaseDoesNotRefuseItsInstallButALiveOneIsRefused() {
    HelmDeployer behind = cluster.deployer(STILL_AT_ONE);

    ApplyResult installed =
        behind.apply(cluster.plan("gone", "replicaCount: 0"), Mode.INSTALL, ApplyOptions.install());

    assertThat(installed.revision()).isEqualTo(1);
    assertThatThrownBy(
            () ->
                cluster
                    .deployer(HEARD_OF_NONE)
                    .apply(
                        cluster.plan("gone", "replicaCount: 1"),
                        Mode.INSTALL,
                        ApplyOptions.install()))
        .as("the live look still refuses what is really there")
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> assertThat(e.getMessage()).contains("already exists at revision 1"));
  }
}
