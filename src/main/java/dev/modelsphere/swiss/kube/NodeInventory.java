package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The GPU inventory of the cluster (reference server.md §3.9), from the node and pod watches: what
 * each node offers across vendors, what running pods hold, what is free. Costs no API request.
 */
public final class NodeInventory {
  /** The label the serving charts (helm's convention) put the release's name in. */
  static final String INSTANCE_LABEL = "app.kubernetes.io/instance";

  private final ClusterCache cache;
  private final GpuResources gpus;

  /**
   * Counts the changes {@link #onChange} tells of. A report is read again only when it moved: every
   * plan request's preflight asks for one, and building it walks every node and running pod.
   */
  private final AtomicLong changes = new AtomicLong();

  /** The last report built, and the change count it was built at. */
  private volatile Built last;

  private record Built(long changes, NodesReport report) {}

  public NodeInventory(ClusterCache cache, GpuResources gpus) {
    this.cache = cache;
    this.gpus = gpus;
    onChange(version -> changes.incrementAndGet());
  }

  /**
   * @param cluster the site's name
   * @throws KubeException when swiss may not list nodes, or has not listed them yet
   */
  public NodesReport report(String cluster) {
    String nodesRefused = cache.nodes().refusal();
    if (!nodesRefused.isEmpty()) {
      throw new KubeException(nodesRefused);
    }
    // An empty copy before the first list would read as a cluster without nodes.
    if (!cache.nodes().settled()) {
      throw new KubeException(
          "list nodes: the API server has not answered the node watch yet -- check that it is"
              + " reachable, then try again");
    }
    String usageError = cache.runningPods().refusal();
    // Read before building: a change that lands meanwhile leaves this report a count behind, so
    // the next call builds again instead of keeping what may have missed it.
    long seen = changes.get();
    Built known = last;
    if (known == null
        || known.changes() != seen
        || !known.report().usageError().equals(usageError)) {
      known = new Built(seen, build(usageError));
      last = known;
    }
    NodesReport report = known.report();
    return new NodesReport(cluster, report.nodes(), report.summary(), report.usageError());
  }

  private NodesReport build(String usageError) {
    return of(
        cache.nodes().items(),
        usageError.isEmpty() ? cache.runningPods().items() : List.of(),
        usageError,
        gpus);
  }

  /**
   * The report of {@code nodes} and the {@code runningPods} on them, however they were read: from
   * the watches here, or listed just now by a process that keeps none (the CLI's preflight).
   *
   * @param usageError why the pods could not be read (then {@code runningPods} is ignored); empty
   *     when they were
   */
  public static NodesReport of(
      Collection<Node> nodes, Collection<Pod> runningPods, String usageError, GpuResources gpus) {
    Map<String, List<NodeView.GpuPod>> podsByNode =
        usageError.isEmpty() ? gpuPods(runningPods, gpus) : null;
    List<NodeView> views =
        nodes.stream()
            .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
            .map(node -> view(node, podsByNode, gpus))
            .toList();
    return new NodesReport("", views, summary(views, podsByNode != null), usageError);
  }

  private static NodeView view(
      Node node, Map<String, List<NodeView.GpuPod>> podsByNode, GpuResources gpus) {
    List<NodeView.GpuPod> pods =
        podsByNode == null
            ? null
            : List.copyOf(podsByNode.getOrDefault(node.getMetadata().getName(), List.of()));
    return NodeView.of(node, gpus, pods);
  }

  /**
   * Tells {@code listener} whenever the report may read differently: a node added, deleted or
   * changed in what it shows (not a status heartbeat), or a pod taking or releasing GPUs on a node;
   * with the changed object's resource version. On the watch's own thread: the listener must return
   * quickly.
   */
  public void onChange(LongConsumer listener) {
    cache
        .nodes()
        .listen(
            (before, after) -> {
              if (before == null || after == null || !shown(before).equals(shown(after))) {
                listener.accept(ResourceVersions.of(after == null ? before : after));
              }
            });
    cache
        .runningPods()
        .listen(
            (before, after) -> {
              if (!Objects.equals(gpuUse(before, gpus), gpuUse(after, gpus))) {
                listener.accept(ResourceVersions.of(after == null ? before : after));
              }
            });
  }

  private NodeView shown(Node node) {
    return NodeView.of(node, gpus, List.of());
  }

  /** The GPUs a pod holds on its node; null for none, an unbound pod, or no pod. */
  private static NodeView.GpuPod gpuUse(Pod pod, GpuResources gpus) {
    if (pod == null) {
      return null;
    }
    String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
    int held = node == null || node.isEmpty() ? 0 : gpus.podGpus(pod);
    return held == 0
        ? null
        : new NodeView.GpuPod(
            pod.getMetadata().getNamespace(),
            pod.getMetadata().getName(),
            held,
            node,
            releaseOf(pod));
  }

  /** The release a pod's chart labelled it with; empty for a pod no chart made. */
  private static String releaseOf(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    String release = labels == null ? null : labels.get(INSTANCE_LABEL);
    return release == null ? "" : release;
  }

  /** Bound pods holding at least one GPU, by node, each node's sorted by namespace and name. */
  private static Map<String, List<NodeView.GpuPod>> gpuPods(
      Collection<Pod> runningPods, GpuResources gpus) {
    Map<String, List<NodeView.GpuPod>> byNode = new HashMap<>();
    for (Pod pod : runningPods) {
      NodeView.GpuPod use = gpuUse(pod, gpus);
      if (use != null) {
        byNode.computeIfAbsent(use.node(), n -> new ArrayList<>()).add(use);
      }
    }
    byNode
        .values()
        .forEach(
            pods ->
                pods.sort(
                    Comparator.comparing(NodeView.GpuPod::namespace)
                        .thenComparing(NodeView.GpuPod::name)));
    return byNode;
  }

  private static NodesReport.Summary summary(List<NodeView> nodes, boolean usageKnown) {
    int allocatable = nodes.stream().mapToInt(NodeView::gpus).sum();
    int used = nodes.stream().mapToInt(n -> n.gpusUsed() == null ? 0 : n.gpusUsed()).sum();
    int capacity = nodes.stream().mapToInt(NodeView::gpusCapacity).sum();
    return new NodesReport.Summary(
        nodes.size(),
        allocatable,
        used,
        capacity,
        usageKnown ? nodes.stream().mapToInt(NodeView::gpusFree).sum() : null,
        products(nodes, usageKnown));
  }

  private static List<NodesReport.Product> products(List<NodeView> nodes, boolean usageKnown) {
    Map<String, List<NodeView>> byProduct = new TreeMap<>();
    for (NodeView node : nodes) {
      if (!node.gpuProduct().isEmpty()) {
        byProduct.computeIfAbsent(node.gpuProduct(), p -> new ArrayList<>()).add(node);
      }
    }
    List<NodesReport.Product> products = new ArrayList<>();
    byProduct.forEach(
        (product, group) ->
            products.add(
                new NodesReport.Product(
                    product,
                    group.get(0).gpuResource(),
                    group.size(),
                    group.stream().mapToInt(NodeView::gpus).sum(),
                    usageKnown ? group.stream().mapToInt(NodeView::gpusUsed).sum() : null,
                    usageKnown ? group.stream().mapToInt(NodeView::gpusFree).sum() : null)));
    return products;
  }
}
