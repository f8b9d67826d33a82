package dev.modelsphere.swiss.llmsvc;

import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;

/** Composed-looking plans for the mapping tests, their layers written as YAML. */
final class MappingPlans {
  static final ChartRef CHART =
      new ChartRef("sglang", "0.8.0", "oci://registry.example/charts", "");
  static final SourceRef SOURCE =
      new SourceRef(
          "https://models.example.com/swiss-catalog/",
          "prod",
          "sha256:1d3a",
          "modelforge",
          "modelforge/Qwen3.6-35B-A3B",
          "1.0.0",
          "sha256:2ddf",
          "sglang-tp2");

  private MappingPlans() {}

  static Map<String, Object> tree(String yaml) {
    return Yaml.tree("test tree", yaml);
  }

  /** A plan with catalog, site, derived, form and edit layers, every scalar kind among them. */
  static Plan composed(String namespace) {
    Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
    layers.put(
        "catalog",
        tree(
            """
            model: {name: kimi, gpus: "8", mountPath: /models}
            extraArgs: [--tp, "2", --mem-fraction, 0.85]
            progressDeadlineSeconds: 7200
            image: {repository: harbor.example/sglang, tag: v0.5.15-cu129}
            """));
    layers.put("site", tree("{image: {repository: mirror.example.com/sglang}, nodeSelector: {}}"));
    layers.put("derived", tree("{cart: {enabled: true}, scaler: {enabled: false, target: 0.85}}"));
    layers.put(
        "form",
        tree(
            """
            replicaCount: 2
            serviceId: glm
            port: "8080"
            version: "1.10"
            resources: {limits: {nvidia.com/gpu: 8}}
            tolerations: [{key: gpu, operator: Exists}]
            """));
    layers.put("edit", tree("{image: {tag: null}, big: 9007199254740993, tiny: 1.0e-7}"));
    return plan(namespace, CHART, layers);
  }

  static Plan plan(String namespace, ChartRef chart, Map<String, Map<String, Object>> layers) {
    return new Plan(
            Plan.API_VERSION,
            new ReleaseRef("glm-53", namespace),
            SOURCE,
            chart,
            "sglang",
            "prod",
            layers,
            true,
            null,
            null)
        .withHash();
  }
}
