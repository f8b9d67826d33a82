package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.sitestate.GpuInventory;
import dev.modelsphere.swiss.sitestate.GpuNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The cluster's GPU nodes, listed live from the API server on every call. A stand-in until the
 * informer-backed nodes view exists; it reads GPUs and products as the reference's probe does.
 */
public final class NodeGpuInventory implements GpuInventory {
  /** The reference's candidate product labels per GPU resource, first non-empty value wins. */
  private static final Map<String, List<String>> DEFAULT_LABELS =
      Map.of(
          "nvidia.com/gpu", List.of("nvidia.com/gpu.product"),
          "huawei.com/Ascend910", List.of("accelerator/huawei-ascend910", "accelerator"),
          "cambricon.com/mlu", List.of("cambricon.com/mlu.product"),
          "hygon.com/dcu", List.of("hygon.com/dcu.product"),
          "amd.com/gpu", List.of("amd.com/gpu.device-id"));

  private final KubernetesClient client;

  /** Resource name to candidate label keys, sorted by resource as the reference walks them. */
  private final Map<String, List<String>> labels;

  /**
   * @param configured {@code server.gpuProductLabels}: resources and label keys merged over the
   *     defaults
   */
  public NodeGpuInventory(KubernetesClient client, Map<String, List<String>> configured) {
    this.client = client;
    Map<String, List<String>> merged = new TreeMap<>(DEFAULT_LABELS);
    merged.putAll(configured);
    this.labels = merged;
  }

  /**
   * @throws KubeException when the nodes cannot be listed
   */
  @Override
  public List<GpuNode> nodes() {
    List<Node> nodes;
    try {
      nodes = client.nodes().list().getItems();
    } catch (KubernetesClientException e) {
      throw KubeException.of("list nodes", e);
    }
    return nodes.stream().map(this::gpuNode).toList();
  }

  private GpuNode gpuNode(Node node) {
    Map<String, Quantity> allocatable =
        node.getStatus() == null || node.getStatus().getAllocatable() == null
            ? Map.of()
            : node.getStatus().getAllocatable();
    Map<String, String> nodeLabels =
        Objects.requireNonNullElse(node.getMetadata().getLabels(), Map.of());
    String resource = "";
    String product = "";
    int gpus = 0;
    for (Map.Entry<String, List<String>> candidate : labels.entrySet()) {
      int count = count(allocatable.get(candidate.getKey()));
      if (count <= 0) {
        continue;
      }
      gpus += count;
      if (resource.isEmpty()) {
        resource = candidate.getKey();
        product = firstLabel(nodeLabels, candidate.getValue());
      }
    }
    return new GpuNode(node.getMetadata().getName(), product, resource, gpus);
  }

  private static int count(Quantity quantity) {
    return quantity == null ? 0 : quantity.getNumericalAmount().intValue();
  }

  private static String firstLabel(Map<String, String> nodeLabels, List<String> keys) {
    return keys.stream()
        .map(nodeLabels::get)
        .filter(value -> value != null && !value.isEmpty())
        .findFirst()
        .orElse("");
  }
}
