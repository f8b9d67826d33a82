package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.values.Tree;
import java.util.List;
import java.util.Map;

/**
 * The model cache's slots per node: how many copies of this model fit on one node, which is the
 * node's GPUs divided by the model's, at least one.
 */
final class CacheSlots {
  private CacheSlots() {}

  /**
   * Derives {@code cache.maxSlotsPerNode} unless the catalog or the site already set it. A form
   * value does not suppress it: the form simply overrides it.
   */
  static void derive(
      Map<String, Object> derived,
      Map<String, Object> catalog,
      Map<String, Object> site,
      Profile profile,
      Variant variant) {
    int perNode = profile.nodes().gpusPerNode();
    int gpus = variant.requires().gpus();
    if (!profile.cache().enabled() || perNode <= 0 || gpus <= 0) {
      return;
    }
    if (Tree.hasMerged(List.of(catalog, site), "cache.maxSlotsPerNode")) {
      return;
    }
    Tree.set(derived, "cache.maxSlotsPerNode", (long) Math.max(perNode / gpus, 1));
  }
}
