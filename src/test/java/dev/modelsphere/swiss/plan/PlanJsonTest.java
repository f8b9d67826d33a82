package dev.modelsphere.swiss.plan;

import static dev.modelsphere.swiss.plan.TestPlans.layers;
import static dev.modelsphere.swiss.plan.TestPlans.plan;
import static dev.modelsphere.swiss.plan.TestPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PlanJsonTest {

  @Test
  void jsonIsIndentedWithTwoSpacesInTheReferenceFieldOrderAndEndsWithANewline() {
    Plan plan =
        plan(
                TestPlans.OCI_CHART,
                layers(
                    "form", tree("{replicaCount: 2}"),
                    "catalog", tree("{model: {name: kimi}}")))
            .withHelmfile();

    assertThat(PlanJson.toJson(plan))
        .isEqualTo(
            """
        {
          "apiVersion": "plan.swiss/v1",
          "release": {
            "name": "glm-53",
            "namespace": "models"
          },
          "source": {
            "catalog": "https://models.example.com/swiss-catalog/",
            "catalogName": "prod",
            "model": "modelforge",
            "hf": "modelforge/Qwen3.6-35B-A3B-793303",
            "version": "1.0.0",
            "digest": "sha256:2ddf",
            "variant": "sglang-tp2"
          },
          "chart": {
            "name": "sglang",
            "version": "0.8.0",
            "repo": "oci://harbor.4pd.io/hardcore-tech/"
          },
          "engine": "sglang",
          "profile": "prod",
          "layers": {
            "catalog": {
              "model": {
                "name": "kimi"
              }
            },
            "form": {
              "replicaCount": 2
            }
          },
          "helmfile": %s,
          "hash": "%s"
        }
        """
                .formatted(CanonicalJson.quote(plan.helmfile()), plan.hash()));
  }

  @Test
  void layersAreWrittenInKeyOrderAsGoWritesAMapAndStillMergeInLayerOrder() {
    Plan plan =
        plan(
            layers(
                "site", tree("{replicaCount: 1}"),
                "edit", tree("{replicaCount: 5}"),
                "catalog", tree("{replicaCount: 0}"),
                "form", tree("{replicaCount: 3}"),
                "derived", tree("{replicaCount: 2}")));

    String json = PlanJson.toJson(plan);
    List<Integer> at =
        Stream.of("catalog", "derived", "edit", "form", "site")
            .map(name -> json.indexOf("\"" + name + "\": {"))
            .toList();

    assertThat(at).doesNotContain(-1).isSorted();
    Plan back = PlanJson.fromJson("plan.json", json);
    assertThat(back.layers().keySet())
        .containsExactly("catalog", "site", "derived", "form", "edit");
    assertThat(back.values()).containsEntry("replicaCount", 5L);
  }

  @Test
  void emptyFieldsAreLeftOut() {
    Plan plan =
        new Plan(
                Plan.API_VERSION,
                new ReleaseRef("r", "ns"),
                new SourceRef("", "", "", "m", "", "", "", "v"),
                new ChartRef("c", "1.0.0", "", ""),
                "vllm",
                "p",
                Map.of(),
                false,
                null,
                "")
            .withHash();
    String json = PlanJson.toJson(plan);

    assertThat(json)
        .doesNotContain(
            "catalog",
            "ref",
            "hf",
            "digest",
            "repo",
            "path",
            "layers",
            "createNamespace",
            "helmfile");
    assertThat(json).contains("\"model\": \"m\"", "\"variant\": \"v\"", "\"version\": \"1.0.0\"");
  }

  @Test
  void createNamespaceIsWrittenOnlyWhenTrue() {
    Plan plan = TestPlans.composed();
    Plan opted = plan.withCreateNamespace(true);

    assertThat(PlanJson.toJson(opted)).contains("\"createNamespace\": true");
    assertThat(PlanJson.fromJson("plan.json", PlanJson.toJson(opted)).createNamespace()).isTrue();
  }

  @Test
  void jsonRoundTripKeepsThePlan() {
    Plan plan = TestPlans.composed().withHelmfile();

    assertThat(PlanJson.fromJson("plan.json", PlanJson.toJson(plan))).isEqualTo(plan);
  }

  @Test
  void aPlanEditedAfterComposingIsRefusedNamingBothHashes() {
    Plan plan = TestPlans.composed();
    String edited = PlanJson.toJson(plan).replace("\"replicaCount\": 2", "\"replicaCount\": 3");
    String editedHash = plan.withLayers(layers("form", tree("{replicaCount: 3}"))).computeHash();

    assertThatThrownBy(() -> PlanJson.fromJson("glm.json", edited))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("glm.json")
        .hasMessageContaining("hash mismatch")
        .hasMessageContaining(plan.hash())
        .hasMessageContaining("edited after it was composed")
        .satisfies(e -> assertThat(e.getMessage()).containsPattern("sha256:[0-9a-f]{64}.*sha256:"));
    assertThat(editedHash).isNotEqualTo(plan.hash());
  }

  @Test
  void aPlanWithoutAStoredHashIsAcceptedAndGetsOne() {
    Plan plan = TestPlans.composed();
    String unhashed = PlanJson.toJson(plan).replace(plan.hash(), "");

    assertThat(PlanJson.fromJson("plan.json", unhashed).hash()).isEqualTo(plan.hash());
  }

  @Test
  void theWrongApiVersionIsRefused() {
    String json = PlanJson.toJson(TestPlans.composed()).replace("plan.swiss/v1", "plan.swiss/v2");

    assertThatThrownBy(() -> PlanJson.fromJson("old.json", json))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("old.json")
        .hasMessageContaining("plan.swiss/v2")
        .hasMessageContaining("plan.swiss/v1");
  }

  @Test
  void malformedJsonIsRefusedNamingTheOrigin() {
    assertThatThrownBy(() -> PlanJson.fromJson("broken.json", "{\"apiVersion\": "))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("broken.json: ");
  }

  @Test
  void unknownFieldsAreIgnored() {
    Plan plan = TestPlans.composed();
    String json =
        PlanJson.toJson(plan)
            .replaceFirst("\\{", "{\"values\": {\"x\": 1}, \"futureField\": [1, 2],");

    assertThat(PlanJson.fromJson("plan.json", json)).isEqualTo(plan);
  }

  @Test
  void aFieldOfTheWrongTypeIsRefusedNamingIt() {
    String json =
        PlanJson.toJson(TestPlans.composed()).replace("\"engine\": \"sglang\"", "\"engine\": 7");

    assertThatThrownBy(() -> PlanJson.fromJson("plan.json", json))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("engine");
  }

  @Test
  void anExplicitNullInALayerSurvivesJsonAndYamlAndCountsInTheHash() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{startupProbe: {periodSeconds: 10}}"),
                "edit", tree("{startupProbe: {periodSeconds: null}}")));
    Plan withoutNull = plan(layers("catalog", tree("{startupProbe: {periodSeconds: 10}}")));

    Plan fromJson = PlanJson.fromJson("plan.json", PlanJson.toJson(plan));
    Plan fromYaml = PlanJson.fromYaml(PlanJson.toYaml(plan));
    for (Plan back : new Plan[] {fromJson, fromYaml}) {
      assertThat(back.layer("edit")).isEqualTo(Map.of("startupProbe", nullAt("periodSeconds")));
      assertThat(back.layerOf("startupProbe.periodSeconds")).isEqualTo("edit");
      assertThat(back.computeHash()).isEqualTo(plan.hash());
    }
    assertThat(plan.hashPayload()).contains("\"periodSeconds\":null");
    assertThat(withoutNull.hash()).isNotEqualTo(plan.hash());
  }

  @Test
  void yamlRoundTripKeepsThePlanAndUsesTheJsonNames() {
    Plan plan = TestPlans.composed().withHelmfile();
    String yaml = PlanJson.toYaml(plan);

    assertThat(yaml).contains("apiVersion: plan.swiss/v1", "catalogName: prod", "layers:");
    assertThat(PlanJson.fromYaml(yaml)).isEqualTo(plan);
  }

  private static Map<String, Object> nullAt(String key) {
    Map<String, Object> map = new java.util.LinkedHashMap<>();
    map.put(key, null);
    return map;
  }
}
