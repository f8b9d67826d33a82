package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.catalog.Accelerator;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.sitestate.GpuInventory;
import dev.modelsphere.swiss.sitestate.GpuNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Which GPU products a plan may ask for (reference server.md §4.4): the ones the variant lists,
 * and, with {@code forceGpuProducts}, others this cluster has under the variant's GPU resource,
 * each with a warning that the catalog never tested the variant there.
 */
public final class GpuProductCheck {
  private final GpuInventory inventory;

  public GpuProductCheck(GpuInventory inventory) {
    this.inventory = inventory;
  }

  /**
   * @return one warning per forced product
   * @throws DeployException {@code INVALID} for a product the variant does not list (or the cluster
   *     lacks, when forced), 502 when the cluster's products cannot be read
   */
  public List<String> check(Variant variant, List<String> requested, boolean force) {
    List<String> listed = variant.requires() == null ? List.of() : variant.requires().gpuProduct();
    if (listed.isEmpty() || requested.isEmpty()) {
      return List.of();
    }
    List<String> unlisted = requested.stream().filter(p -> !listed.contains(p)).toList();
    if (unlisted.isEmpty()) {
      return List.of();
    }
    if (!force) {
      throw new DeployException(
          ErrorKind.INVALID,
          ("variant %s supports GPU products %s, not %s -- set forceGpuProducts to deploy on a"
                  + " product on this cluster that the catalog does not list")
              .formatted(variant.id(), String.join(", ", listed), String.join(", ", unlisted)));
    }
    String resource = Accelerator.forVendor(variant.requires().vendorOrDefault()).resource();
    TreeSet<String> present = presentProducts(resource);
    List<String> missing = unlisted.stream().filter(p -> !present.contains(p)).toList();
    if (!missing.isEmpty()) {
      throw new DeployException(
          ErrorKind.INVALID,
          "forceGpuProducts: %s not on this cluster as %s (have: %s)"
              .formatted(
                  String.join(", ", missing),
                  resource,
                  present.isEmpty() ? "none" : String.join(", ", present)));
    }
    List<String> warnings = new ArrayList<>();
    for (String product : unlisted) {
      warnings.add(
          ("GPU product %s is not supported by variant %s in the catalog (supports %s); forced,"
                  + " so the variant's GPU count, image and values are used as published,"
                  + " untested on %s")
              .formatted(product, variant.id(), String.join(", ", listed), product));
    }
    return warnings;
  }

  private TreeSet<String> presentProducts(String resource) {
    List<GpuNode> nodes;
    try {
      nodes = inventory.nodes();
    } catch (RuntimeException e) {
      throw new DeployException(
          ErrorKind.UPSTREAM_FAILED,
          "forceGpuProducts: cannot read this cluster's GPU products to check against: %s"
              .formatted(e.getMessage()),
          e);
    }
    TreeSet<String> present = new TreeSet<>();
    for (GpuNode node : nodes) {
      if (node.resource().equals(resource) && !node.product().isEmpty()) {
        present.add(node.product());
      }
    }
    return present;
  }
}
