package dev.modelsphere.swiss.plan;

import static dev.modelsphere.swiss.plan.TestPlans.layers;
import static dev.modelsphere.swiss.plan.TestPlans.plan;
import static dev.modelsphere.swiss.plan.TestPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExplainTest {

  @Test
  void explainListsEachLayersPathsWithTheValueThatStandsThenTheShadows() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{extraArgs: [--tp, \"2\"], model: {name: kimi, gpus: \"8\"}}"),
                "site", tree("{model: {localPath: /data/kimi}}"),
                "form", tree("{replicaCount: 2, model: {localPath: /scratch/kimi}}"),
                "edit", tree("{extraArgs: [--tp, \"4\"]}")));

    String expected =
        String.join(
            "\n",
            "modelforge/sglang-tp2 -> release glm-53 in models",
            "chart sglang-0.8.0   engine sglang   profile prod",
            plan.hash(),
            "",
            "catalog (3)",
            "  extraArgs                                [--tp 4]",
            "  model.gpus                               8",
            "  model.name                               kimi",
            "",
            "site (1)",
            "  model.localPath                          /scratch/kimi",
            "",
            "form (2)",
            "  model.localPath                          /scratch/kimi",
            "  replicaCount                             2",
            "",
            "edit (1)",
            "  extraArgs                                [--tp 4]",
            "",
            "shadowed (2)",
            "  extraArgs                                catalog -> edit",
            "  model.localPath                          site -> form",
            "",
            "");
    assertThat(Explain.explain(plan)).isEqualTo(expected);
  }

  @Test
  void explainWithoutShadowsHasNoShadowedSection() {
    Plan plan = plan(layers("form", tree("{replicaCount: 1}")));

    assertThat(Explain.explain(plan))
        .endsWith("form (1)\n  " + "replicaCount                             1\n\n")
        .doesNotContain("shadowed");
  }

  @Test
  void aLongPathIsNotCutAndStillGetsASpace() {
    String path = "a".repeat(45);
    Plan plan = plan(layers("form", tree("{" + path + ": x}")));

    assertThat(Explain.explain(plan)).contains("  " + path + " x\n");
  }

  @Test
  void valuesArePrintedAsGoPrintsThem() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("b", null);
    map.put("a", new ArrayList<>(Arrays.asList(1L, "x")));
    assertThat(Explain.goValue(map)).isEqualTo("map[a:[1 x] b:<nil>]");
    assertThat(Explain.goValue(null)).isEqualTo("<nil>");
    assertThat(Explain.goValue(true)).isEqualTo("true");
    assertThat(Explain.goValue(0.85)).isEqualTo("0.85");
    assertThat(Explain.goValue(2.0)).isEqualTo("2");
    assertThat(Explain.goValue(123456.0)).isEqualTo("123456");
    assertThat(Explain.goValue(1e6)).isEqualTo("1e+06");
    assertThat(Explain.goValue(1234567.0)).isEqualTo("1.234567e+06");
    assertThat(Explain.goValue(0.0001)).isEqualTo("0.0001");
    assertThat(Explain.goValue(1e-5)).isEqualTo("1e-05");
    assertThat(Explain.goValue(1e-7)).isEqualTo("1e-07");
    assertThat(Explain.goValue(Map.of())).isEqualTo("map[]");
  }
}
