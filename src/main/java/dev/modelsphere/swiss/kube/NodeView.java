package dev.modelsphere.swiss.kube;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAddress;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One node as {@code GET /api/nodes} lists it. The capitalised keys are the reference's: it wrote
 * its Go struct without JSON tags, and the web client reads those names. The lower-case members are
 * the reference's tagged extras, plus {@code gpusCapacity}.
 *
 * @param gpus allocatable GPUs, over every GPU resource
 * @param gpuResource the first GPU resource (by name) the node offers
 * @param gpuProduct that resource's product, from the node's labels
 * @param taints as {@code key=value:Effect}
 * @param gpusCapacity GPUs the node has, allocatable or not
 * @param gpusUsed GPUs requested by the node's running pods; null when pods could not be read
 * @param gpusFree {@code max(gpus - gpusUsed, 0)}; null when pods could not be read
 * @param gpuPods the running pods that hold GPUs here
 */
public record NodeView(
    @JsonProperty("Name") String name,
    @JsonProperty("GPUProduct") String gpuProduct,
    @JsonProperty("GPUResource") String gpuResource,
    @JsonProperty("GPUs") int gpus,
    @JsonProperty("Labels") Map<String, String> labels,
    @JsonProperty("Taints") List<String> taints,
    @JsonProperty("Schedulable") boolean schedulable,
    @JsonProperty("Ready") boolean ready,
    @JsonProperty("Kubelet") String kubelet,
    @JsonProperty("InternalIP") String internalIp,
    @JsonProperty("ExternalIP") String externalIp,
    @JsonProperty("Conditions") List<Condition> conditions,
    @JsonProperty("gpusCapacity") int gpusCapacity,
    @JsonProperty("gpusUsed") @JsonInclude(JsonInclude.Include.NON_NULL) Integer gpusUsed,
    @JsonProperty("gpusFree") @JsonInclude(JsonInclude.Include.NON_NULL) Integer gpusFree,
    @JsonProperty("gpuPods") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<GpuPod> gpuPods) {

  /** A node condition, with the reference's capitalised keys. */
  public record Condition(
      @JsonProperty("Type") String type,
      @JsonProperty("Status") String status,
      @JsonProperty("Reason") String reason,
      @JsonProperty("Message") String message) {}

  /** A running pod that holds GPUs on a node. */
  /**
   * A pod holding GPUs on a node.
   *
   * @param release the release its {@code app.kubernetes.io/instance} label names; empty when none
   */
  public record GpuPod(
      String namespace,
      String name,
      int gpus,
      String node,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) String release) {}

  /**
   * The node with its GPU facts.
   *
   * @param pods the GPU-holding pods bound to it, or null when pods could not be read
   */
  static NodeView of(Node node, GpuResources gpus, List<GpuPod> pods) {
    NodeStatus status = node.getStatus() == null ? new NodeStatus() : node.getStatus();
    Map<String, String> labels =
        node.getMetadata().getLabels() == null
            ? Map.of()
            // Unmodifiable: one report is handed to every request until a node or pod changes.
            : Collections.unmodifiableMap(new TreeMap<>(node.getMetadata().getLabels()));
    String resource = "";
    int allocatable = 0;
    int capacity = 0;
    for (String candidate : gpus.resources()) {
      int count = GpuResources.count(get(status.getAllocatable(), candidate));
      if (count > 0 && resource.isEmpty()) {
        resource = candidate;
      }
      allocatable += Math.max(count, 0);
      capacity += Math.max(GpuResources.count(get(status.getCapacity(), candidate)), 0);
    }
    Integer used = pods == null ? null : pods.stream().mapToInt(GpuPod::gpus).sum();
    return new NodeView(
        node.getMetadata().getName(),
        resource.isEmpty() ? "" : gpus.productOf(resource, labels),
        resource,
        allocatable,
        labels,
        taints(node),
        node.getSpec() == null || !Boolean.TRUE.equals(node.getSpec().getUnschedulable()),
        conditions(status).stream()
            .anyMatch(c -> "Ready".equals(c.type()) && "True".equals(c.status())),
        status.getNodeInfo() == null ? "" : Nulls.orEmpty(status.getNodeInfo().getKubeletVersion()),
        address(status, "InternalIP"),
        address(status, "ExternalIP"),
        conditions(status),
        capacity,
        used,
        used == null ? null : Math.max(allocatable - used, 0),
        pods == null ? List.of() : pods);
  }

  private static Quantity get(Map<String, Quantity> quantities, String resource) {
    return quantities == null ? null : quantities.get(resource);
  }

  private static List<String> taints(Node node) {
    List<Taint> taints = node.getSpec() == null ? null : node.getSpec().getTaints();
    if (taints == null) {
      return List.of();
    }
    return taints.stream()
        .map(
            t ->
                Nulls.orEmpty(t.getKey())
                    + (Nulls.orEmpty(t.getValue()).isEmpty() ? "" : "=" + t.getValue())
                    + ":"
                    + Nulls.orEmpty(t.getEffect()))
        .toList();
  }

  private static List<Condition> conditions(NodeStatus status) {
    List<NodeCondition> conditions = status.getConditions();
    if (conditions == null) {
      return List.of();
    }
    return conditions.stream()
        .map(
            c ->
                new Condition(
                    Nulls.orEmpty(c.getType()),
                    Nulls.orEmpty(c.getStatus()),
                    Nulls.orEmpty(c.getReason()),
                    Nulls.orEmpty(c.getMessage())))
        .toList();
  }

  private static String address(NodeStatus status, String type) {
    List<NodeAddress> addresses = status.getAddresses();
    if (addresses == null) {
      return "";
    }
    return addresses.stream()
        .filter(a -> type.equals(a.getType()))
        .map(a -> Nulls.orEmpty(a.getAddress()))
        .findFirst()
        .orElse("");
  }
}
