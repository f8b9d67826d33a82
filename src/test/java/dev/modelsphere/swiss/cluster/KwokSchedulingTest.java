package dev.modelsphere.swiss.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The real scheduler places pods on kwok's fake nodes by their extended resources, and kwok plays
 * the kubelet so the pods report Ready. No container runs: the GPUs are simulated.
 */
@ClusterTest
class KwokSchedulingTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String GPU = "nvidia.com/gpu";
  private static final String PRODUCT = "nvidia.com/gpu.product";
  private static final String ASCEND = "huawei.com/Ascend910";
  private static final Duration POD_READY_TIMEOUT = Duration.ofSeconds(90);

  private Node node(String name) {
    Node node = cluster.admin().nodes().withName(name).get();
    assertThat(node).as("node %s", name).isNotNull();
    return node;
  }

  @Test
  void theFakeGpuNodesReportEightGpusAndTheirProductLabel() {
    for (String name : List.of("gpu-h100-a", "gpu-h100-b")) {
      Node node = node(name);
      assertThat(node.getMetadata().getLabels()).containsEntry(PRODUCT, "NVIDIA-H100-80GB-HBM3");
      assertThat(node.getStatus().getCapacity()).containsEntry(GPU, new Quantity("8"));
      assertThat(node.getStatus().getAllocatable()).containsEntry(GPU, new Quantity("8"));
    }
  }

  @Test
  void theFakeAscendNodeReportsEightNpusAndItsAcceleratorLabel() {
    Node node = node("ascend-910b");
    assertThat(node.getMetadata().getLabels()).containsKey("accelerator/huawei-ascend910");
    assertThat(node.getStatus().getAllocatable()).containsEntry(ASCEND, new Quantity("8"));
  }

  @Test
  void theFakeCpuNodeHasNoAccelerators() {
    Node node = node("cpu-1");
    assertThat(node.getStatus().getAllocatable()).doesNotContainKeys(GPU, ASCEND);
    assertThat(node.getMetadata().getLabels()).doesNotContainKey(PRODUCT);
  }

  @Test
  void everyFakeNodeIsReady() {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              for (String name :
                  List.of("gpu-h100-a", "gpu-h100-b", "gpu-b300-a", "ascend-910b", "cpu-1")) {
                assertThat(node(name).getStatus().getConditions())
                    .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
              }
            });
  }

  @Test
  void aDeploymentRequestingTwoGpusGetsAPodScheduledOnAGpuNodeThatBecomesReady() {
    cluster
        .admin()
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .resource(gpuDeployment("glm-53", 2))
        .create();

    await()
        .atMost(POD_READY_TIMEOUT)
        .untilAsserted(
            () -> {
              List<Pod> pods =
                  cluster
                      .admin()
                      .pods()
                      .inNamespace(cluster.namespace())
                      .withLabel("app", "glm-53")
                      .list()
                      .getItems();
              assertThat(pods).hasSize(1);
              Pod pod = pods.get(0);
              assertThat(pod.getSpec().getNodeName())
                  .isIn("gpu-h100-a", "gpu-h100-b", "gpu-b300-a");
              assertThat(pod.getStatus().getConditions())
                  .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
            });
    await().atMost(POD_READY_TIMEOUT).until(() -> readyReplicas("glm-53") == 1);
  }

  private int readyReplicas(String name) {
    Deployment d =
        cluster.admin().apps().deployments().inNamespace(cluster.namespace()).withName(name).get();
    return d.getStatus() == null || d.getStatus().getReadyReplicas() == null
        ? 0
        : d.getStatus().getReadyReplicas();
  }

  private static Deployment gpuDeployment(String name, int gpus) {
    Map<String, Quantity> gpuRequest = Map.of(GPU, new Quantity(Integer.toString(gpus)));
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withReplicas(1)
        .withNewSelector()
        .addToMatchLabels("app", name)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .addToLabels("app", name)
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("engine")
        .withImage("registry.invalid/fake-engine:1")
        .withNewResources()
        .withRequests(gpuRequest)
        .withLimits(gpuRequest)
        .endResources()
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
