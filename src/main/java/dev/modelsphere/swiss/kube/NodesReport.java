package dev.modelsphere.swiss.kube;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The answer of {@code GET /api/nodes}: every node with its GPU facts, and the totals.
 *
 * @param cluster the site's name (its profile's)
 * @param usageError why pods could not be read; then no use or free counts are given
 */
public record NodesReport(
    String cluster,
    List<NodeView> nodes,
    Summary summary,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String usageError) {

  /**
   * The totals over every node.
   *
   * @param gpus allocatable GPUs
   * @param gpusUsed GPUs held by running pods; 0 when pods could not be read
   * @param gpusFree allocatable and not held; null when pods could not be read
   * @param products the totals per GPU product, by product name
   */
  public record Summary(
      int nodes,
      int gpus,
      int gpusUsed,
      int gpusCapacity,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer gpusFree,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Product> products) {}

  /** The nodes that offer one GPU product, and their GPUs. */
  public record Product(
      String product,
      String resource,
      int nodes,
      int gpus,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer gpusUsed,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer gpusFree) {}
}
