package dev.modelsphere.swiss.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The local cluster stands in for a GPU cluster: its simulated nodes offer what an 8-GPU server
 * does, and it schedules the pods that name Volcano as the real catalog's models do.
 */
@ClusterTest
class LocalClusterNodesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void gpuNodesOfferEphemeralStorageMemoryAndRdmaBesideTheirGpus() {
    Node node = cluster.admin().nodes().withName("gpu-h100-a").get();
    Map<String, Quantity> allocatable = node.getStatus().getAllocatable();

    assertThat(allocatable)
        .containsKeys(
            "cpu", "memory", "ephemeral-storage", "pods", "nvidia.com/gpu", "rdma/hca_shared");
    assertThat(Quantity.getAmountInBytes(allocatable.get("ephemeral-storage")).longValue())
        .as("room for the 64 GiB the largest real model asks")
        .isGreaterThan(64L << 30);
  }

  @Test
  void aPodAskingForVolcanoLikeTheRealCatalogsModelsIsScheduledAndRuns() {
    Quantity gpus = new Quantity("8");
    cluster
        .admin()
        .pods()
        .inNamespace(cluster.namespace())
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName("kimi-0")
                .endMetadata()
                .withNewSpec()
                .withSchedulerName("volcano")
                .addNewContainer()
                .withName("engine")
                .withImage("registry.example/sglang:1")
                .withNewResources()
                .addToLimits(Map.of("nvidia.com/gpu", gpus, "rdma/hca_shared", new Quantity("1")))
                .addToRequests(
                    Map.of(
                        "nvidia.com/gpu", gpus,
                        "cpu", new Quantity("16"),
                        "ephemeral-storage", new Quantity("64Gi")))
                .endResources()
                .endContainer()
                .endSpec()
                .build())
        .create();

    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              Pod pod =
                  cluster.admin().pods().inNamespace(cluster.namespace()).withName("kimi-0").get();
              assertThat(pod.getSpec().getNodeName())
                  .as("a node with 8 NVIDIA GPUs")
                  .startsWith("gpu-");
              assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
            });
  }
}
