package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small plans for tests, their layers written as YAML. */
final class TestPlans {
  static final ChartRef HTTP_CHART =
      new ChartRef("sglang", "0.8.0", "https://charts.example.com/", "");
  static final ChartRef OCI_CHART =
      new ChartRef("sglang", "0.8.0", "oci://harbor.4pd.io/hardcore-tech/", "");
  static final ChartRef NO_SOURCE_CHART = new ChartRef("sglang", "0.8.0", "", "");

  private TestPlans() {}

  /** A values tree from YAML, e.g. {@code tree("{model: {gpus: \"8\"}}")}. */
  static Map<String, Object> tree(String yaml) {
    return Yaml.tree("test tree", yaml);
  }

  /** Layers from alternating names and trees: {@code layers("catalog", tree(...), "form", ...)}. */
  static Map<String, Map<String, Object>> layers(Object... nameThenTree) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (int i = 0; i < nameThenTree.length; i += 2) {
      @SuppressWarnings("unchecked")
      Map<String, Object> tree = (Map<String, Object>) nameThenTree[i + 1];
      out.put((String) nameThenTree[i], tree);
    }
    return out;
  }

  static Plan plan(Map<String, Map<String, Object>> layers) {
    return plan(HTTP_CHART, layers);
  }

  static Plan plan(ChartRef chart, Map<String, Map<String, Object>> layers) {
    return new Plan(
            Plan.API_VERSION,
            new ReleaseRef("glm-53", "models"),
            new SourceRef(
                "https://models.example.com/swiss-catalog/",
                "prod",
                "",
                "modelforge",
                "modelforge/Qwen3.6-35B-A3B-793303",
                "1.0.0",
                "sha256:2ddf",
                "sglang-tp2"),
            chart,
            "sglang",
            "prod",
            layers,
            false,
            null,
            "")
        .withHash();
  }

  /** A typical composed plan: catalog, site, derived and form layers. */
  static Plan composed() {
    return plan(
        layers(
            "catalog",
                tree(
                    """
            model: {name: kimi, gpus: "8", mountPath: /models}
            extraArgs: [--tp, "2"]
            progressDeadlineSeconds: 7200
            image: {repository: harbor.4pd.io/hardcore-tech/sglang, tag: v0.5.15-cu129}
            """),
            "site",
                tree(
                    """
            image: {repository: mirror.example.com/sglang}
            model: {localPath: /data/models/modelforge}
            """),
            "derived", tree("{cart: {enabled: true}, scaler: {enabled: false}}"),
            "form", tree("{replicaCount: 2, serviceId: glm, model: {localPath: /scratch/kimi}}")));
  }
}
