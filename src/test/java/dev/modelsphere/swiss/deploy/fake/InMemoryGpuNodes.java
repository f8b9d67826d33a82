package dev.modelsphere.swiss.deploy.fake;

import dev.modelsphere.swiss.deploy.preflight.GpuNodes;
import dev.modelsphere.swiss.kube.NodeView;
import dev.modelsphere.swiss.kube.NodesReport;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * GPU nodes that are all ready and schedulable, each with its product and free GPUs, for
 * preflight's GPU fit. It stands for the server's node inventory ({@code GpuNodes.of}) and the
 * CLI's live list ({@code LiveGpuNodes}), which {@code LivePreflightTest} proves on the test
 * cluster.
 */
public final class InMemoryGpuNodes implements GpuNodes {
  private static final String NVIDIA = "nvidia.com/gpu";

  private final List<NodeView> nodes;

  private InMemoryGpuNodes(List<NodeView> nodes) {
    this.nodes = List.copyOf(nodes);
  }

  /** {@code count} nodes of {@code product}, each with {@code free} NVIDIA GPUs free of 8. */
  public static InMemoryGpuNodes of(int count, String product, int free) {
    return new InMemoryGpuNodes(
        IntStream.rangeClosed(1, count).mapToObj(i -> node("gpu-" + i, product, free)).toList());
  }

  @Override
  public NodesReport report() {
    int gpus = nodes.stream().mapToInt(NodeView::gpus).sum();
    int free = nodes.stream().mapToInt(NodeView::gpusFree).sum();
    return new NodesReport(
        "test-site",
        nodes,
        new NodesReport.Summary(nodes.size(), gpus, gpus - free, gpus, free, List.of()),
        "");
  }

  private static NodeView node(String name, String product, int free) {
    int gpus = 8;
    return new NodeView(
        name,
        product,
        NVIDIA,
        gpus,
        Map.of(),
        List.of(),
        true,
        true,
        "v1.34.0",
        "",
        "",
        List.of(),
        gpus,
        gpus - free,
        free,
        List.of());
  }
}
