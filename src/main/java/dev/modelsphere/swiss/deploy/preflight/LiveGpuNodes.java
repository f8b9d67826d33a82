package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.NodeInventory;
import dev.modelsphere.swiss.kube.NodesReport;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;

/**
 * The nodes and the GPUs running pods hold, listed when asked: the CLI keeps no watches, and a
 * command checks one plan, so two lists cost less than starting them. The report is built as the
 * server's inventory builds it ({@link NodeInventory#of}), so both answer alike.
 */
public final class LiveGpuNodes implements GpuNodes {
  private final KubernetesClient client;
  private final GpuResources gpus;

  public LiveGpuNodes(KubernetesClient client, GpuResources gpus) {
    this.client = client;
    this.gpus = gpus;
  }

  @Override
  public NodesReport report() {
    List<Node> nodes;
    try {
      nodes = client.nodes().list().getItems();
    } catch (KubernetesClientException e) {
      throw KubeException.of("list nodes", e);
    }
    try {
      return NodeInventory.of(nodes, runningPods(), "", gpus);
    } catch (KubernetesClientException e) {
      // As the server's inventory reports a refused pod watch: the nodes stand, their use is
      // unknown, and the GPU-fit rule says it could not check.
      return NodeInventory.of(
          nodes, List.of(), KubeException.of("list pods", e).getMessage(), gpus);
    }
  }

  private List<Pod> runningPods() {
    return client
        .pods()
        .inAnyNamespace()
        .withoutField("status.phase", "Succeeded")
        .withoutField("status.phase", "Failed")
        .list()
        .getItems();
  }
}
