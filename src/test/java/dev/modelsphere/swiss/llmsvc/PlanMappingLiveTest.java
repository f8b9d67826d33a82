package dev.modelsphere.swiss.llmsvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.llmsvc.MappingException.Kind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.RawHttp;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The mapping through a real API server: what it stores and hands back must keep the plan hash. */
@ClusterTest
class PlanMappingLiveTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private Resource<LlmService> glm() {
    return cluster.llmServices().withName("glm-53");
  }

  /** Writes the plan as swiss does and reads the object back as a later swiss process would. */
  private LlmService deployed(Plan plan) {
    cluster.llmServices().resource(PlanMapping.fromPlan(plan, "install", "first")).create();
    return glm().get();
  }

  /** Another client's edit, sent as the JSON patch kubectl would send. */
  private void patchAsSomeoneElse(String jsonPatch) {
    glm().patch(PatchContext.of(PatchType.JSON), jsonPatch);
  }

  private String rawJson() {
    return RawHttp.get(
            cluster.admin(),
            "/apis/"
                + LlmService.GROUP
                + "/"
                + LlmService.VERSION
                + "/namespaces/"
                + cluster.namespace()
                + "/llmservices/glm-53")
        .body();
  }

  @Test
  void aComposedPlanReadBackFromTheServerKeepsItsHash() {
    Plan plan = MappingPlans.composed(cluster.namespace());

    Plan back = PlanMapping.toPlan(deployed(plan));

    assertThat(back.hash()).isEqualTo(plan.hash());
    assertThat(back.release()).isEqualTo(plan.release());
    assertThat(back.source()).isEqualTo(plan.source());
    assertThat(back.chart()).isEqualTo(plan.chart());
    assertThat(back.engine()).isEqualTo(plan.engine());
    assertThat(back.profile()).isEqualTo(plan.profile());
    assertThat(back.layers()).isEqualTo(plan.layers());
    assertThat(back.createNamespace()).isFalse();
  }

  @Test
  void everyKindOfValueSurvivesTheServerWithItsType() {
    Plan back = PlanMapping.toPlan(deployed(MappingPlans.composed(cluster.namespace())));

    Map<String, Object> form = back.layer("form");
    assertThat(form.get("replicaCount")).isEqualTo(2L);
    assertThat(form.get("port")).isEqualTo("8080");
    assertThat(form.get("version")).isEqualTo("1.10");
    assertThat(form.get("resources")).isEqualTo(Map.of("limits", Map.of("nvidia.com/gpu", 8L)));
    assertThat(form.get("tolerations"))
        .isEqualTo(List.of(Map.of("key", "gpu", "operator", "Exists")));
    assertThat(back.layer("derived").get("scaler"))
        .isEqualTo(Map.of("enabled", false, "target", 0.85));
    assertThat(back.layer("catalog").get("extraArgs"))
        .isEqualTo(List.of("--tp", "2", "--mem-fraction", 0.85));
    assertThat(back.layer("site").get("nodeSelector")).isEqualTo(Map.of());
    Map<String, Object> explicitNull = new LinkedHashMap<>();
    explicitNull.put("tag", null);
    assertThat(back.layer("edit"))
        .containsEntry("image", explicitNull)
        .containsEntry("big", 9007199254740993L)
        .containsEntry("tiny", 1.0e-7);
  }

  @Test
  void theServerStoresTheSwissAnnotationsAndNoSuspend() {
    LlmService read = deployed(MappingPlans.composed(cluster.namespace()));

    assertThat(read.getMetadata().getAnnotations())
        .containsEntry(SwissAnnotations.ACTION, "install")
        .containsEntry(SwissAnnotations.NOTE, "first")
        .containsKey(SwissAnnotations.PLAN_HASH);
    assertThat(read.getSpec().suspend()).isNull();
    assertThat(PlanMapping.isExternal(read)).isFalse();
  }

  @Test
  void editingTheLayersOnTheServerMakesTheMappingRefuseWithHashMismatch() {
    Plan plan = MappingPlans.composed(cluster.namespace());
    deployed(plan);

    patchAsSomeoneElse(
        "[{\"op\":\"replace\",\"path\":\"/spec/layers/3/values/replicaCount\",\"value\":5}]");

    LlmService edited = glm().get();
    assertThatThrownBy(() -> PlanMapping.toPlan(edited))
        .isInstanceOfSatisfying(
            MappingException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.HASH_MISMATCH);
              assertThat(e.getMessage()).contains(plan.hash());
            });
  }

  @Test
  void aWholeFloatWrittenByAnotherClientStillGivesTheAnnotatedHash() {
    Plan plan = MappingPlans.composed(cluster.namespace());
    deployed(plan);

    patchAsSomeoneElse(
        "[{\"op\":\"replace\",\"path\":\"/spec/layers/3/values/replicaCount\",\"value\":2.0}]");

    // The real server stores a whole float as the integer; the mapping copes with either form.
    assertThat(rawJson()).contains("\"replicaCount\":2").doesNotContain("\"replicaCount\":2.0");
    Plan back = PlanMapping.toPlan(glm().get());
    assertThat(back.hash()).isEqualTo(plan.hash());
    assertThat(back.layer("form").get("replicaCount")).isEqualTo(2L);
  }

  @Test
  void operatorAnnotationsAddedOnTheServerChangeNothing() {
    Plan plan = MappingPlans.composed(cluster.namespace());
    deployed(plan);

    patchAsSomeoneElse(
        "[{\"op\":\"add\",\"path\":\"/metadata/annotations/serving.modelsphere.dev~1deletion-policy\",\"value\":\"Orphan\"}]");

    assertThat(PlanMapping.toPlan(glm().get()).hash()).isEqualTo(plan.hash());
  }

  @Test
  void anExternalObjectOnTheServerGetsAComputedHash() {
    LlmService external =
        PlanMapping.fromPlan(MappingPlans.composed(cluster.namespace()), "install", "");
    external.getMetadata().setAnnotations(null);
    cluster.llmServices().resource(external).create();

    LlmService read = glm().get();
    Plan plan = PlanMapping.toPlan(read);

    assertThat(PlanMapping.isExternal(read)).isTrue();
    assertThat(plan.hash()).isEqualTo(plan.computeHash());
    assertThat(plan.source().catalog()).isEmpty();
    assertThat(plan.source().model()).isEqualTo("modelforge");
  }
}
