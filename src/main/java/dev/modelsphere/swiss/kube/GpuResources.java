package dev.modelsphere.swiss.kube;

import dev.modelsphere.swiss.catalog.Accelerator;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The extended resources that count as GPUs (any vendor's accelerator), each with the node labels
 * that may name its product, tried in order.
 *
 * @param productLabels resource name to candidate label keys, iterated by resource name
 */
public record GpuResources(Map<String, List<String>> productLabels) {

  /**
   * Ascend fleets often carry only the generic {@code accelerator} label, so it stands behind the
   * vendor's own key.
   */
  private static final String GENERIC_LABEL = "accelerator";

  private static final String ASCEND = "huawei.com/Ascend910";

  public GpuResources {
    Map<String, List<String>> sorted = new TreeMap<>();
    productLabels.forEach((resource, keys) -> sorted.put(resource, List.copyOf(keys)));
    productLabels = Collections.unmodifiableMap(sorted);
  }

  /** Every vendor the catalog knows, with its product label. */
  public static GpuResources defaults() {
    Map<String, List<String>> labels = new TreeMap<>();
    for (Accelerator accelerator : Accelerator.known()) {
      List<String> keys = new ArrayList<>(List.of(accelerator.productLabel()));
      if (accelerator.resource().equals(ASCEND)) {
        keys.add(GENERIC_LABEL);
      }
      labels.put(accelerator.resource(), keys);
    }
    return new GpuResources(labels);
  }

  /**
   * The defaults with {@code configured} ({@code server.gpuProductLabels}) laid over them: a
   * configured resource replaces that resource's keys, and a new one is added.
   */
  public static GpuResources withOverrides(Map<String, List<String>> configured) {
    Map<String, List<String>> labels = new TreeMap<>(defaults().productLabels());
    labels.putAll(configured);
    return new GpuResources(labels);
  }

  /** The GPU resource names, sorted. */
  public List<String> resources() {
    return List.copyOf(productLabels.keySet());
  }

  /** The product a node's labels name for {@code resource}: the first non-empty candidate. */
  public String productOf(String resource, Map<String, String> nodeLabels) {
    for (String key : productLabels.getOrDefault(resource, List.of())) {
      String value = nodeLabels.get(key);
      if (value != null && !value.isEmpty()) {
        return value;
      }
    }
    return "";
  }

  /**
   * The GPUs a pod holds: over its containers and every GPU resource, the request, else the limit
   * (for an extended resource a limit alone is also the request).
   */
  public int podGpus(Pod pod) {
    int total = 0;
    for (Container container : pod.getSpec().getContainers()) {
      ResourceRequirements resources = container.getResources();
      if (resources == null) {
        continue;
      }
      for (String resource : productLabels.keySet()) {
        Quantity asked = get(resources.getRequests(), resource);
        total += count(asked != null ? asked : get(resources.getLimits(), resource));
      }
    }
    return total;
  }

  /** Whole devices of a quantity; absent counts as none. */
  public static int count(Quantity quantity) {
    return quantity == null ? 0 : quantity.getNumericalAmount().intValue();
  }

  private static Quantity get(Map<String, Quantity> quantities, String resource) {
    return quantities == null ? null : quantities.get(resource);
  }
}
