package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Assembles the form layer from the operator's input, in a fixed order. */
public final class Form {
  private static final String AFFINITY_TERMS =
      "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";

  private Form() {}

  /**
   * The form layer: the YAML fragment, then the fields, then the service id, the local path and the
   * GPU-product affinity. When the form turns the scaler on explicitly, {@code replicaCount} is
   * dropped: the scaler owns the replica count.
   *
   * <p>The service id is kept as the string the operator typed (the reference turned {@code
   * --service-id 123} into a number; an id is a name, not a quantity).
   *
   * @param productLabel the node label that names the variant's accelerator product
   */
  public static Map<String, Object> assemble(FormInput in, String productLabel) {
    Map<String, Object> form;
    try {
      form = Yaml.tree("advanced overrides", in.overridesYaml());
    } catch (ValuesException e) {
      throw new ComposeException(e.getMessage(), e);
    }
    Tree.merge(form, in.overrides());
    try {
      if (present(in.serviceId())) {
        Tree.set(form, "serviceId", in.serviceId());
      }
      if (present(in.localPath())) {
        // Merged, as the reference's CLI merged its flag, so a form whose model is not a map
        // (model: x) is given one rather than refused: the local path is the operator's last word.
        Tree.merge(form, Map.of("model", Map.of("localPath", in.localPath())));
      }
      List<String> products = in.gpuProducts();
      if (products != null && !products.isEmpty()) {
        Tree.set(form, AFFINITY_TERMS, List.of(productTerm(productLabel, products)));
      }
    } catch (ValuesException e) {
      throw new ComposeException(e.getMessage(), e);
    }
    dropReplicaCountUnderTheScaler(form);
    return form;
  }

  /** The scaler owns the replica count once the form turns it on explicitly. */
  private static void dropReplicaCountUnderTheScaler(Map<String, Object> form) {
    if (Boolean.TRUE.equals(Tree.get(form, "scaler.enabled").value())) {
      form.remove("replicaCount");
    }
  }

  private static Map<String, Object> productTerm(String label, List<String> products) {
    Map<String, Object> expr = new LinkedHashMap<>();
    expr.put("key", label);
    expr.put("operator", "In");
    expr.put("values", List.copyOf(products));
    Map<String, Object> term = new LinkedHashMap<>();
    term.put("matchExpressions", List.of(expr));
    return term;
  }

  private static boolean present(String s) {
    return s != null && !s.isEmpty();
  }
}
