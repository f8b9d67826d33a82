package dev.modelsphere.swiss.sitestate;

/**
 * One GPU product the deploy form may offer for a variant.
 *
 * @param catalogSupported the variant lists it, or lists no product at all
 * @param onCluster some node has it under the variant's GPU resource
 * @param nodes how many such nodes
 * @param gpus their allocatable GPUs together
 */
public record GpuProduct(
    String product, boolean catalogSupported, boolean onCluster, int nodes, int gpus) {

  static GpuProduct listed(String product) {
    return new GpuProduct(product, true, false, 0, 0);
  }

  static GpuProduct seenOn(GpuNode node, boolean catalogSupported) {
    return new GpuProduct(node.product(), catalogSupported, true, 1, node.gpus());
  }

  /** This product with the nodes of {@code more} counted in; what the catalog says stays. */
  GpuProduct plus(GpuProduct more) {
    return new GpuProduct(
        product,
        catalogSupported,
        onCluster || more.onCluster,
        nodes + more.nodes,
        gpus + more.gpus);
  }
}
