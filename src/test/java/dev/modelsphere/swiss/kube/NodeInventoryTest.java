package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The GPU inventory over the test cluster's kwok nodes (two H100 nodes, an Ascend node and a CPU
 * node). Other tests may run GPU pods at the same time, so use is asserted for this test's own pods
 * and as relations between the totals.
 */
@ClusterTest
class NodeInventoryTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String NVIDIA = "nvidia.com/gpu";
  private static final String ASCEND = "huawei.com/Ascend910";
  private static final String H100 = "NVIDIA-H100-80GB-HBM3";

  private ClusterCache cache;

  @AfterEach
  void stopWatching() {
    if (cache != null) {
      cache.close();
    }
  }

  private NodesReport reportOnceBound(String... pods) {
    cache = ClusterCache.start(cluster.admin(), List.of(cluster.namespace()), Clock.systemUTC());
    NodeInventory inventory = new NodeInventory(cache, GpuResources.defaults());
    // Before its first list the inventory refuses rather than report no nodes.
    assertThat(cache.awaitSettled(Duration.ofSeconds(30))).isTrue();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> mine(inventory.report("prod")).keySet().containsAll(List.of(pods)));
    return inventory.report("prod");
  }

  /** This test's GPU pods in the report, by name. */
  private Map<String, NodeView.GpuPod> mine(NodesReport report) {
    return report.nodes().stream()
        .flatMap(node -> node.gpuPods().stream())
        .filter(pod -> pod.namespace().equals(cluster.namespace()))
        .collect(Collectors.toMap(NodeView.GpuPod::name, Function.identity()));
  }

  @Test
  void everyVendorsNodesReportTheirGpusProductsAndTheGpusPodsHold() {
    create(gpuPod("two-h100", NVIDIA, 2));
    create(gpuPod("three-npu", ASCEND, 3));

    NodesReport report = reportOnceBound("two-h100", "three-npu");

    Map<String, NodeView> nodes =
        report.nodes().stream().collect(Collectors.toMap(NodeView::name, Function.identity()));
    assertThat(nodes).containsKeys("gpu-h100-a", "gpu-h100-b", "ascend-910b", "cpu-1");
    NodeView h100 = nodes.get("gpu-h100-a");
    assertThat(h100.gpuResource()).isEqualTo(NVIDIA);
    assertThat(h100.gpuProduct()).isEqualTo(H100);
    assertThat(h100.gpus()).isEqualTo(8);
    assertThat(h100.gpusCapacity()).isEqualTo(8);
    assertThat(h100.ready()).isTrue();
    assertThat(h100.schedulable()).isTrue();
    NodeView ascend = nodes.get("ascend-910b");
    assertThat(ascend.gpuResource()).isEqualTo(ASCEND);
    assertThat(ascend.gpuProduct())
        .isEqualTo(ascend.labels().get("accelerator/huawei-ascend910"))
        .isNotEmpty();
    NodeView cpu = nodes.get("cpu-1");
    assertThat(cpu.gpus()).isZero();
    assertThat(cpu.gpuResource()).isEmpty();
    assertThat(cpu.gpusUsed()).as("an idle node uses 0, not nothing").isZero();
    assertThat(cpu.gpusFree()).isZero();

    NodeView.GpuPod two = mine(report).get("two-h100");
    NodeView.GpuPod three = mine(report).get("three-npu");
    assertThat(two.gpus()).isEqualTo(2);
    assertThat(nodes.get(two.node()).gpuResource()).isEqualTo(NVIDIA);
    assertThat(three.gpus()).isEqualTo(3);
    assertThat(three.node()).isEqualTo("ascend-910b");
    for (NodeView node : report.nodes()) {
      assertThat(node.gpusUsed())
          .isEqualTo(node.gpuPods().stream().mapToInt(NodeView.GpuPod::gpus).sum());
      assertThat(node.gpusFree()).isEqualTo(Math.max(node.gpus() - node.gpusUsed(), 0));
    }
    assertThat(nodes.get(two.node()).gpusUsed()).isGreaterThanOrEqualTo(2);
    assertThat(ascend.gpusUsed()).isGreaterThanOrEqualTo(3);

    NodesReport.Summary summary = report.summary();
    assertThat(summary.nodes()).isEqualTo(report.nodes().size());
    assertThat(summary.gpus()).isEqualTo(report.nodes().stream().mapToInt(NodeView::gpus).sum());
    assertThat(summary.gpusUsed())
        .isEqualTo(report.nodes().stream().mapToInt(NodeView::gpusUsed).sum())
        .isGreaterThanOrEqualTo(5);
    assertThat(summary.products())
        .filteredOn(p -> p.product().equals(H100))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.resource()).isEqualTo(NVIDIA);
              assertThat(p.nodes()).isGreaterThanOrEqualTo(2);
              assertThat(p.gpus()).isEqualTo(8 * p.nodes());
            });
    assertThat(report.usageError()).isEmpty();
  }

  @Test
  void theReportIsBuiltAgainOnlyOnceANodeOrAGpuPodChanged() {
    cache = ClusterCache.start(cluster.admin(), List.of(cluster.namespace()), Clock.systemUTC());
    NodeInventory inventory = new NodeInventory(cache, GpuResources.defaults());
    assertThat(cache.awaitSettled(Duration.ofSeconds(30))).isTrue();
    NodesReport first = inventory.report("prod");

    NodesReport again = inventory.report("staging");

    assertThat(again.nodes()).as("nothing changed: the same views").isSameAs(first.nodes());
    assertThat(again.cluster()).as("each caller's own site name").isEqualTo("staging");

    create(gpuPod("one-h100", NVIDIA, 1));
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> mine(inventory.report("prod")).containsKey("one-h100"));
    assertThat(inventory.report("prod").nodes()).isNotSameAs(first.nodes());
  }

  @Test
  void aClientThatMayNotListNodesGetsTheRefusalNotAnEmptyInventory() {
    cache =
        ClusterCache.start(cluster.restricted(), List.of(cluster.namespace()), Clock.systemUTC());
    assertThat(cache.awaitSettled(Duration.ofSeconds(30))).isTrue();

    assertThatThrownBy(() -> new NodeInventory(cache, GpuResources.defaults()).report("prod"))
        .isInstanceOf(KubeException.class)
        .hasMessageContaining("list nodes")
        .hasMessageContaining("forbidden");
  }

  private static void create(Pod pod) {
    cluster.admin().pods().inNamespace(cluster.namespace()).resource(pod).create();
  }

  private static Pod gpuPod(String name, String resource, int gpus) {
    Map<String, Quantity> ask = Map.of(resource, new Quantity(Integer.toString(gpus)));
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("engine")
        .withImage("registry.invalid/fake-engine:1")
        .withNewResources()
        .withRequests(ask)
        .withLimits(ask)
        .endResources()
        .endContainer()
        .endSpec()
        .build();
  }
}
