package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.catalog.Accelerator;
import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.plan.Plan;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a plan asks of the nodes: {@code pods} nodes, each with {@code gpusPerPod} free GPUs of the
 * vendor's resource, of one of {@code products} (any product when empty).
 *
 * @param vendor the catalog's vendor name ({@code nvidia})
 * @param resource the vendor's extended resource ({@code nvidia.com/gpu})
 */
public record GpuAsk(
    int gpusPerPod, int pods, String vendor, String resource, List<String> products) {
  static final String AFFINITY_TERMS =
      "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";

  public GpuAsk {
    products = List.copyOf(products);
  }

  /**
   * The ask of a plan from its variant's requirements. The GPUs per pod are the plan's {@code
   * model.gpus} when it is a whole number, because an edit may have changed what the chart
   * receives, else {@code requires.gpus}. The products are those of the plan's node-affinity term
   * on the vendor's product label (the form writes it from {@code gpuProducts}), else the variant's
   * {@code requires.gpuProduct}.
   *
   * @param gpus the product labels the server reads per resource ({@code server.gpuProductLabels})
   */
  public static GpuAsk of(Plan plan, Requires requires, GpuResources gpus) {
    Accelerator accelerator = requires.accelerator();
    Set<String> labels = new LinkedHashSet<>();
    labels.add(accelerator.productLabel());
    labels.addAll(gpus.productLabels().getOrDefault(accelerator.resource(), List.of()));
    // Two settings read from the layers, not every layer merged into a copy for them.
    List<String> products = affinityProducts(plan.value(AFFINITY_TERMS).value(), labels);
    return new GpuAsk(
        gpusPerPod(plan.value("model.gpus").value(), requires.gpus()),
        requires.nodesOrDefault(),
        accelerator.vendor(),
        accelerator.resource(),
        products.isEmpty() ? requires.gpuProduct() : products);
  }

  private static int gpusPerPod(Object set, int required) {
    try {
      return set == null ? required : Integer.parseInt(String.valueOf(set).strip());
    } catch (NumberFormatException notAWholeNumber) {
      return required;
    }
  }

  /** The values of every {@code In} expression on one of {@code labels}, over every term. */
  private static List<String> affinityProducts(Object affinityTerms, Set<String> labels) {
    Set<String> products = new LinkedHashSet<>();
    if (affinityTerms instanceof List<?> terms) {
      for (Object term : terms) {
        if (term instanceof Map<?, ?> t && t.get("matchExpressions") instanceof List<?> exprs) {
          for (Object expr : exprs) {
            if (expr instanceof Map<?, ?> e
                && labels.contains(e.get("key"))
                && "In".equals(e.get("operator"))
                && e.get("values") instanceof List<?> wanted) {
              wanted.forEach(v -> products.add(String.valueOf(v)));
            }
          }
        }
      }
    }
    return List.copyOf(products);
  }

  /** Whether a node's product is acceptable. */
  boolean accepts(String product) {
    return products.isEmpty() || products.contains(product);
  }

  /** "2 nodes with 8 free nvidia.com/gpu each (vendor nvidia, product A or B)". */
  String describe() {
    return "%d node%s with %d free %s each (vendor %s, product %s)"
        .formatted(
            pods,
            pods == 1 ? "" : "s",
            gpusPerPod,
            resource,
            vendor,
            products.isEmpty() ? "any" : String.join(" or ", products));
  }
}
