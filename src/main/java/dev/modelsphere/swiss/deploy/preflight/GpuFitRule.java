package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.NodeView;
import dev.modelsphere.swiss.kube.NodesReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Enough nodes can hold the plan's pods: {@code requires.nodes} schedulable, ready nodes that carry
 * the vendor's resource and an acceptable product, each with {@code requires.gpus} free. A pod
 * asking for more than any node has free would stay Pending with nothing in swiss saying why.
 *
 * <p>A proposal whose catalog requirements are unknown asks for nothing this rule can check, and
 * passes. GPUs held by the release's own pods are not counted as free: an upgrade that moves to
 * other nodes needs room beside the pods it replaces while they drain.
 */
public final class GpuFitRule implements PreflightRule {
  public static final String NAME = "gpu-fit";

  private final GpuNodes nodes;
  private final GpuResources gpus;

  public GpuFitRule(GpuNodes nodes, GpuResources gpus) {
    this.nodes = nodes;
    this.gpus = gpus;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Problem> check(Proposal proposal) {
    if (proposal.knownRequires().isEmpty() || proposal.requires().gpus() <= 0) {
      return List.of();
    }
    GpuAsk ask = GpuAsk.of(proposal.plan(), proposal.requires(), gpus);
    if (ask.gpusPerPod() <= 0) {
      return List.of();
    }
    NodesReport report = nodes.report();
    if (report.usageError() != null && !report.usageError().isEmpty()) {
      return List.of(
          problem(
              "",
              "could not check %s: the GPUs pods hold are unknown (%s); retry once pods can be read"
                  .formatted(NAME, report.usageError())));
    }
    long fitting = report.nodes().stream().filter(node -> fits(node, ask)).count();
    if (fitting >= ask.pods()) {
      return List.of();
    }
    return List.of(
        problem(
            ask.products().isEmpty() ? "model.gpus" : "gpuProducts",
            "asked for %s, but %d node%s can hold it; the nodes have: %s. Ask for a product or vendor with free GPUs, fewer GPUs, or free some"
                .formatted(
                    ask.describe(), fitting, fitting == 1 ? "" : "s", offered(report.nodes()))));
  }

  private static boolean fits(NodeView node, GpuAsk ask) {
    return node.schedulable()
        && node.ready()
        && node.gpuResource().equals(ask.resource())
        && ask.accepts(node.gpuProduct())
        && node.gpusFree() != null
        && node.gpusFree() >= ask.gpusPerPod();
  }

  /**
   * Per product, its resource, nodes and the free GPUs on each: "NVIDIA-H100-80GB-HBM3
   * (nvidia.com/gpu): 2 nodes, free 8, 3 (cordoned)"; "no GPU nodes" when there are none.
   */
  static String offered(List<NodeView> all) {
    Map<String, List<NodeView>> byProduct = new TreeMap<>();
    for (NodeView node : all) {
      if (!node.gpuResource().isEmpty()) {
        String product = node.gpuProduct().isEmpty() ? "(no product label)" : node.gpuProduct();
        byProduct.computeIfAbsent(product, p -> new ArrayList<>()).add(node);
      }
    }
    if (byProduct.isEmpty()) {
      return "no GPU nodes";
    }
    List<String> parts = new ArrayList<>();
    byProduct.forEach(
        (product, group) ->
            parts.add(
                "%s (%s): %d node%s, free %s"
                    .formatted(
                        product,
                        group.get(0).gpuResource(),
                        group.size(),
                        group.size() == 1 ? "" : "s",
                        String.join(", ", group.stream().map(GpuFitRule::free).toList()))));
    return String.join("; ", parts);
  }

  private static String free(NodeView node) {
    String unusable = !node.schedulable() ? " (cordoned)" : !node.ready() ? " (not ready)" : "";
    return node.gpusFree() + unusable;
  }
}
