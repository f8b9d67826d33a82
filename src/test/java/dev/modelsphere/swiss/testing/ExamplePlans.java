package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;

/** Hashed plans for the project's example sglang chart: a fixed catalog layer and a form. */
public final class ExamplePlans {
  private ExamplePlans() {}

  /** The example sglang chart, read from its folder in the project. */
  public static ChartRef localSglang() {
    return new ChartRef("sglang", "0.8.0", "", TestCharts.exampleCharts().toString());
  }

  /** A plan for the local sglang chart with {@code form} (YAML) as its form layer. */
  public static Plan sglang(String release, String namespace, String form) {
    return plan(release, namespace, form, localSglang(), false);
  }

  public static Plan plan(
      String release, String namespace, String form, ChartRef chart, boolean createNamespace) {
    Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
    layers.put(
        "catalog",
        Yaml.tree(
            "catalog",
            """
            image: {repository: lmsysorg/sglang, tag: v0.5.19}
            model: {name: qwen3-8b, gpus: "1"}
            extraArgs: [--tp-size=1]
            env: [{name: NVIDIA_DISABLE_REQUIRE, value: "1"}]
            """));
    layers.put("form", Yaml.tree("form", form));
    return new Plan(
            Plan.API_VERSION,
            new ReleaseRef(release, namespace),
            new SourceRef(
                "/catalog", "", "", "qwen3-8b", "Qwen/Qwen3-8B", "1.0.0", "", "sglang-tp1"),
            chart,
            "sglang",
            "test",
            layers,
            createNamespace,
            null,
            "")
        .withHash();
  }
}
