package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** helm's release Secrets, read and trimmed on a real API server. */
@ClusterTest
class ReleaseStorageTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void theNewestRevisionWinsByLabelAndOtherReleasesAreIgnored() {
    Kube kube = cluster.kube();
    String ns = cluster.namespace();
    HelmSecrets.store(kube, ns, "qwen", 2, "superseded");
    HelmSecrets.store(kube, ns, "qwen", 10, "deployed");
    HelmSecrets.store(kube, ns, "qwen", 9, "superseded");
    HelmSecrets.store(kube, ns, "qwen-canary", 11, "deployed");

    ReleaseRecord newest = new ReleaseStorage(cluster.admin()).newest(ns, "qwen").orElseThrow();

    assertThat(newest.revision()).isEqualTo(10);
    assertThat(newest.status()).isEqualTo("deployed");
    assertThat(newest.chart()).isEqualTo("sglang-0.8.0");
  }

  @Test
  void aReleaseThatIsNotStoredIsAbsent() {
    assertThat(new ReleaseStorage(cluster.admin()).newest(cluster.namespace(), "nothing"))
        .isEmpty();
  }

  @Test
  void anUndecodablePayloadIsStillAPresentRelease() {
    Kube kube = cluster.kube();
    HelmSecrets.storeRaw(kube, cluster.namespace(), "garbled", 4, "%%% not base64 %%%");

    ReleaseRecord record =
        new ReleaseStorage(cluster.admin()).newest(cluster.namespace(), "garbled").orElseThrow();

    assertThat(record.readable()).isFalse();
    assertThat(record.revision()).isEqualTo(4);
    assertThat(record.decodeError()).contains("sh.helm.release.v1.garbled.v4");
  }

  @Test
  void theRevisionKnownToBeNewestIsReadAgainWithItsStatusNow() {
    Kube kube = cluster.kube();
    String ns = cluster.namespace();
    HelmSecrets.store(kube, ns, "qwen", 2, "superseded");
    HelmSecrets.store(kube, ns, "qwen", 3, "failed");

    ReleaseRecord again =
        new ReleaseStorage(cluster.admin()).newestSince(ns, "qwen", 3).orElseThrow();

    assertThat(again.revision()).isEqualTo(3);
    assertThat(again.status()).isEqualTo("failed");
  }

  @Test
  void revisionsWrittenSinceTheLookOrTheKnownOneGoneAreFoundByListingAndNoneStaysNone() {
    Kube kube = cluster.kube();
    String ns = cluster.namespace();
    ReleaseStorage storage = new ReleaseStorage(cluster.admin());
    HelmSecrets.store(kube, ns, "moved", 3, "superseded");
    HelmSecrets.store(kube, ns, "moved", 4, "superseded");
    HelmSecrets.store(kube, ns, "moved", 5, "deployed");
    HelmSecrets.store(kube, ns, "created", 1, "pending-install");
    HelmSecrets.store(kube, ns, "trimmed", 5, "deployed");

    assertThat(storage.newestSince(ns, "moved", 3)).map(ReleaseRecord::revision).contains(5);
    assertThat(storage.newestSince(ns, "created", 0)).map(ReleaseRecord::revision).contains(1);
    assertThat(storage.newestSince(ns, "trimmed", 6))
        .as("a known revision gone is looked for among those kept")
        .map(ReleaseRecord::revision)
        .contains(5);
    assertThat(storage.newestSince(ns, "never", 0))
        .as("none a moment ago and no revision 1: none, and nothing listed")
        .isEmpty();
    assertThat(storage.newestSince(ns, "uninstalled", 2)).isEmpty();
  }
}
