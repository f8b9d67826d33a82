package dev.modelsphere.swiss.llmsvc;

import static dev.modelsphere.swiss.llmsvc.MappingPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.llmsvc.MappingException.Kind;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Plan to LLMService and back, as reference/backends.md §3.4 describes it. */
class PlanMappingTest {
  private static final KubernetesSerialization WIRE = new KubernetesSerialization();

  private final Plan composed = MappingPlans.composed("models");

  private static Plan bare(SourceRef source, String engine, String profile) {
    return new Plan(
            Plan.API_VERSION,
            new ReleaseRef("glm-53", "models"),
            source,
            MappingPlans.CHART,
            engine,
            profile,
            Map.of("form", tree("{replicaCount: 1}")),
            false,
            null,
            null)
        .withHash();
  }

  private static SourceRef noSource() {
    return new SourceRef(null, null, null, null, null, null, null, null);
  }

  /** The object as another reader sees it: written to JSON and read back. */
  private static LlmService overTheWire(LlmService svc) {
    return WIRE.unmarshal(WIRE.asJson(svc), LlmService.class);
  }

  private static LlmService external() {
    LlmService svc = PlanMapping.fromPlan(MappingPlans.composed("models"), "install", "");
    svc.getMetadata().setAnnotations(null);
    return svc;
  }

  private static LlmService withLayers(List<LayerSpec> layers) {
    LlmService svc = external();
    svc.setSpec(new LlmServiceSpec(svc.getSpec().chart(), layers, svc.getSpec().model(), null));
    return svc;
  }

  // ---- Plan -> LLMService

  @Test
  void aMissingPlanIsRefusedAsNilPlan() {
    assertThatThrownBy(() -> PlanMapping.fromPlan(null, "install", ""))
        .isInstanceOfSatisfying(
            MappingException.class, e -> assertThat(e.kind()).isEqualTo(Kind.NIL_PLAN));
  }

  @Test
  void aChartPathPlanIsRefusedByKindNotByMessage() {
    Plan local =
        MappingPlans.plan(
            "models",
            new ChartRef("sglang", "0.8.0", "", "./charts/sglang"),
            Map.of("form", tree("{a: 1}")));

    assertThatThrownBy(() -> PlanMapping.fromPlan(local, "install", ""))
        .isInstanceOfSatisfying(
            MappingException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.CHART_PATH);
              assertThat(e.getMessage()).contains("chartPath", "./charts/sglang");
            });
  }

  @Test
  void aPlanWithoutChartRepoOrPathIsRefusedAsChartRepo() {
    Plan noRepo =
        MappingPlans.plan(
            "models", new ChartRef("sglang", "0.8.0", "", ""), Map.of("form", tree("{a: 1}")));

    assertThatThrownBy(() -> PlanMapping.fromPlan(noRepo, "install", ""))
        .isInstanceOfSatisfying(
            MappingException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.CHART_REPO);
              assertThat(e.getMessage()).contains("chart repo", "sglang");
            });
  }

  @Test
  void theObjectIsNamedAfterTheReleaseInTheReleaseNamespace() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");

    assertThat(svc.getApiVersion()).isEqualTo("serving.modelsphere.dev/v1alpha1");
    assertThat(svc.getKind()).isEqualTo("LLMService");
    assertThat(svc.getMetadata().getName()).isEqualTo("glm-53");
    assertThat(svc.getMetadata().getNamespace()).isEqualTo("models");
  }

  @Test
  void theChartIsNameRepoAndVersionWithoutCredentials() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");

    assertThat(svc.getSpec().chart())
        .isEqualTo(new Chart("sglang", "oci://registry.example/charts", "0.8.0", null));
  }

  @Test
  void layersAreTheNonEmptyOnesInMergeOrder() {
    Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
    layers.put("edit", tree("{e: 1}"));
    layers.put("form", tree("{f: 1}"));
    layers.put("derived", Map.of());
    layers.put("catalog", tree("{c: 1}"));
    Plan plan = MappingPlans.plan("models", MappingPlans.CHART, layers);

    LlmService svc = PlanMapping.fromPlan(plan, "install", "");

    assertThat(svc.getSpec().layers())
        .extracting(LayerSpec::name)
        .containsExactly("catalog", "form", "edit");
    assertThat(svc.getSpec().layers().get(0).values()).isEqualTo(Map.of("c", 1L));
  }

  @Test
  void aPlanWithoutLayersWritesNoLayers() {
    Plan plan = MappingPlans.plan("models", MappingPlans.CHART, Map.of());

    LlmService svc = PlanMapping.fromPlan(plan, "install", "");

    assertThat(svc.getSpec().layers()).isNull();
    assertThat(WIRE.asJson(svc)).doesNotContain("layers");
  }

  @Test
  void theModelIsTheSourceModelAndThePlanEngine() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");

    assertThat(svc.getSpec().model())
        .isEqualTo(
            new Model("modelforge", "1.0.0", "sglang-tp2", "modelforge/Qwen3.6-35B-A3B", "sglang"));
  }

  @Test
  void theModelIsOmittedWhenAllFiveFieldsAreEmpty() {
    LlmService svc = PlanMapping.fromPlan(bare(noSource(), "", ""), "install", "");

    assertThat(svc.getSpec().model()).isNull();
    assertThat(WIRE.asJson(svc)).doesNotContain("\"model\"");
  }

  @Test
  void theEngineAloneKeepsTheModel() {
    LlmService svc = PlanMapping.fromPlan(bare(noSource(), "vllm", ""), "install", "");

    assertThat(svc.getSpec().model()).isEqualTo(new Model(null, null, null, null, "vllm"));
  }

  @Test
  void suspendIsNeverWritten() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");

    assertThat(svc.getSpec().suspend()).isNull();
    assertThat(WIRE.asJson(svc)).doesNotContain("suspend");
  }

  @Test
  void theEightSwissAnnotationsRecordHashSourceProfileActionAndNote() {
    LlmService svc = PlanMapping.fromPlan(composed, "apply", "bump replicas");

    assertThat(svc.getMetadata().getAnnotations())
        .containsExactly(
            Map.entry(SwissAnnotations.PLAN_HASH, composed.hash()),
            Map.entry(SwissAnnotations.CATALOG, "https://models.example.com/swiss-catalog/"),
            Map.entry(SwissAnnotations.CATALOG_NAME, "prod"),
            Map.entry(SwissAnnotations.CATALOG_REF, "sha256:1d3a"),
            Map.entry(SwissAnnotations.ENTRY_DIGEST, "sha256:2ddf"),
            Map.entry(SwissAnnotations.PROFILE, "prod"),
            Map.entry(SwissAnnotations.ACTION, "apply"),
            Map.entry(SwissAnnotations.NOTE, "bump replicas"));
    assertThat(SwissAnnotations.KEYS).allMatch(k -> k.startsWith("swiss.modelsphere.dev/"));
  }

  @Test
  void emptyAnnotationValuesAreNotWritten() {
    Plan plan = bare(new SourceRef("", "", "", "m", "", "", "", ""), "", "lab");

    LlmService svc = PlanMapping.fromPlan(plan, "install", "");

    assertThat(svc.getMetadata().getAnnotations())
        .containsOnlyKeys(
            SwissAnnotations.PLAN_HASH, SwissAnnotations.PROFILE, SwissAnnotations.ACTION);
  }

  @Test
  void aPlanWithNothingToAnnotateGetsNoAnnotations() {
    Plan plan = bare(noSource(), "", "").withHash("");

    LlmService svc = PlanMapping.fromPlan(plan, "", null);

    assertThat(svc.getMetadata().getAnnotations()).isNullOrEmpty();
    assertThat(WIRE.asJson(svc)).doesNotContain("annotations");
    assertThat(PlanMapping.isExternal(svc)).isTrue();
  }

  @Test
  void createNamespaceAndTheHelmfileAreNotCarried() {
    Plan plan = composed.withHelmfile("releases: []\n");
    assertThat(plan.createNamespace()).isTrue();

    String json = WIRE.asJson(PlanMapping.fromPlan(plan, "install", ""));

    assertThat(json).doesNotContain("createNamespace", "helmfile", "releases");
  }

  @Test
  void theObjectsValuesAreACopyOfThePlans() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");

    svc.getSpec().layers().get(0).values().put("added", true);

    assertThat(composed.layer("catalog")).doesNotContainKey("added");
  }

  // ---- LLMService -> Plan

  @Test
  void aRoundTripKeepsHashReleaseSourceChartEngineProfileAndLayers() {
    Plan back = PlanMapping.toPlan(overTheWire(PlanMapping.fromPlan(composed, "install", "")));

    assertThat(back.hash()).isEqualTo(composed.hash()).isEqualTo(back.computeHash());
    assertThat(back.release()).isEqualTo(composed.release());
    assertThat(back.source()).isEqualTo(composed.source());
    assertThat(back.chart()).isEqualTo(composed.chart());
    assertThat(back.engine()).isEqualTo("sglang");
    assertThat(back.profile()).isEqualTo("prod");
    assertThat(back.layers()).isEqualTo(composed.layers());
    assertThat(back.layers().keySet())
        .containsExactly("catalog", "site", "derived", "form", "edit");
    assertThat(back.apiVersion()).isEqualTo(Plan.API_VERSION);
  }

  @Test
  void aRoundTripDropsCreateNamespace() {
    assertThat(composed.createNamespace()).isTrue();

    Plan back = PlanMapping.toPlan(PlanMapping.fromPlan(composed, "install", ""));

    assertThat(back.createNamespace()).isFalse();
  }

  @Test
  void theHelmfileIsRegeneratedFromThePlan() {
    Plan back = PlanMapping.toPlan(PlanMapping.fromPlan(composed, "install", ""));

    assertThat(back.helmfile()).contains("glm-53", "sglang");
  }

  @Test
  void valuesComeBackInHouseFormWithIntegersAsLongs() {
    Plan back = PlanMapping.toPlan(overTheWire(PlanMapping.fromPlan(composed, "install", "")));

    Map<String, Object> form = back.layer("form");
    assertThat(form.get("replicaCount")).isEqualTo(2L);
    assertThat(form.get("port")).isEqualTo("8080");
    assertThat(form.get("version")).isEqualTo("1.10");
    assertThat(back.layer("derived").get("scaler"))
        .isEqualTo(Map.of("enabled", false, "target", 0.85));
    assertThat(back.layer("edit")).containsEntry("big", 9007199254740993L);
    Map<String, Object> image = new LinkedHashMap<>();
    image.put("tag", null);
    assertThat(back.layer("edit").get("image")).isEqualTo(image);
  }

  @Test
  void wholeFloatsFromTheWireAreReadAsTheIntegersTheyWere() {
    LlmService svc =
        withLayers(
            List.of(
                new LayerSpec(
                    "form",
                    new LinkedHashMap<>(
                        Map.of(
                            "replicaCount", 3.0,
                            "ratio", 0.5,
                            "nested", Map.of("list", List.of(2.0, 2.5)))))));

    Map<String, Object> form = PlanMapping.toPlan(svc).layer("form");

    assertThat(form.get("replicaCount")).isEqualTo(3L);
    assertThat(form.get("ratio")).isEqualTo(0.5);
    assertThat(form.get("nested")).isEqualTo(Map.of("list", List.of(2L, 2.5)));
  }

  @Test
  void wholeFloatsBeyondExactIntegersAndNegativeZeroStayFloats() {
    LlmService svc =
        withLayers(
            List.of(
                new LayerSpec("form", new LinkedHashMap<>(Map.of("huge", 1e20, "negZero", -0.0)))));

    Map<String, Object> form = PlanMapping.toPlan(svc).layer("form");

    assertThat(form.get("huge")).isEqualTo(1e20);
    assertThat(form.get("negZero")).isEqualTo(-0.0);
  }

  @Test
  void aWholeFloatHashesAsTheIntegerSoTheAnnotatedHashStillHolds() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");
    List<LayerSpec> layers = new ArrayList<>(svc.getSpec().layers());
    Map<String, Object> form = new LinkedHashMap<>(layers.get(3).values());
    form.put("replicaCount", 2.0);
    layers.set(3, new LayerSpec("form", form));
    svc.setSpec(new LlmServiceSpec(svc.getSpec().chart(), layers, svc.getSpec().model(), null));

    assertThat(PlanMapping.toPlan(svc).hash()).isEqualTo(composed.hash());
  }

  @Test
  void layersWithAnEmptyNameOrEmptyValuesAreSkipped() {
    LlmService svc =
        withLayers(
            List.of(
                new LayerSpec("", new LinkedHashMap<>(Map.of("a", 1))),
                new LayerSpec("catalog", null),
                new LayerSpec("site", new LinkedHashMap<>()),
                new LayerSpec("form", new LinkedHashMap<>(Map.of("b", 2)))));

    Plan plan = PlanMapping.toPlan(svc);

    assertThat(plan.layers()).containsOnlyKeys("form");
    assertThat(plan.values()).isEqualTo(Map.of("b", 2L));
  }

  @Test
  void anObjectWithoutLayersGivesAPlanWithoutLayers() {
    Plan plan = PlanMapping.toPlan(withLayers(null));

    assertThat(plan.layers()).isEmpty();
    assertThat(plan.hash()).isEqualTo(plan.computeHash());
  }

  @Test
  void sourceAndProfileComeFromTheAnnotationsAndAreEmptyWhenAbsent() {
    LlmService svc = external();
    svc.getMetadata()
        .setAnnotations(
            Map.of(
                SwissAnnotations.PROFILE,
                "lab",
                "serving.modelsphere.dev/deletion-policy",
                "Orphan"));

    Plan plan = PlanMapping.toPlan(svc);

    assertThat(plan.profile()).isEqualTo("lab");
    assertThat(plan.source().catalog()).isEmpty();
    assertThat(plan.source().catalogName()).isEmpty();
    assertThat(plan.source().ref()).isEmpty();
    assertThat(plan.source().digest()).isEmpty();
    assertThat(plan.source().model()).isEqualTo("modelforge");
    assertThat(plan.chart().path()).isEmpty();
  }

  @Test
  void aTamperedObjectIsRefusedNamingBothHashes() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");
    List<LayerSpec> layers = new ArrayList<>(svc.getSpec().layers());
    layers.set(3, new LayerSpec("form", new LinkedHashMap<>(Map.of("replicaCount", 9))));
    svc.setSpec(new LlmServiceSpec(svc.getSpec().chart(), layers, svc.getSpec().model(), null));
    Map<String, Map<String, Object>> editedLayers = new LinkedHashMap<>(composed.layers());
    editedLayers.put("form", Map.of("replicaCount", 9L));
    String edited = composed.withLayers(editedLayers).computeHash();

    assertThatThrownBy(() -> PlanMapping.toPlan(svc))
        .isInstanceOfSatisfying(
            MappingException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.HASH_MISMATCH);
              assertThat(e.getMessage()).contains(composed.hash(), edited, "models/glm-53");
            });
  }

  @Test
  void anEditedChartIsATamperedObjectToo() {
    LlmService svc = PlanMapping.fromPlan(composed, "install", "");
    svc.setSpec(
        new LlmServiceSpec(
            new Chart("sglang", "oci://registry.example/charts", "0.9.0", null),
            svc.getSpec().layers(),
            svc.getSpec().model(),
            null));

    assertThatThrownBy(() -> PlanMapping.toPlan(svc))
        .isInstanceOfSatisfying(
            MappingException.class, e -> assertThat(e.kind()).isEqualTo(Kind.HASH_MISMATCH));
  }

  @Test
  void anExternalObjectGetsAComputedHashThatIsNotChecked() {
    LlmService svc = external();
    svc.setSpec(
        new LlmServiceSpec(
            svc.getSpec().chart(),
            List.of(new LayerSpec("form", new LinkedHashMap<>(Map.of("replicaCount", 9)))),
            null,
            null));

    Plan plan = PlanMapping.toPlan(svc);

    assertThat(plan.hash()).startsWith("sha256:").isEqualTo(plan.computeHash());
    assertThat(plan.hash()).isNotEqualTo(composed.hash());
  }

  @Test
  void anObjectWithSwissAnnotationsButNoPlanHashIsNotChecked() {
    LlmService svc = external();
    svc.getMetadata().setAnnotations(Map.of(SwissAnnotations.NOTE, "hand made"));

    Plan plan = PlanMapping.toPlan(svc);

    assertThat(plan.hash()).isEqualTo(plan.computeHash());
  }

  @Test
  void aLayerAPlanCannotHoldIsRefusedNamingIt() {
    LlmService svc =
        withLayers(List.of(new LayerSpec("base", new LinkedHashMap<>(Map.of("a", 1)))));

    assertThatThrownBy(() -> PlanMapping.toPlan(svc))
        .isInstanceOfSatisfying(
            MappingException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(Kind.UNKNOWN_LAYER);
              assertThat(e.getMessage()).contains("\"base\"");
            });
  }

  @Test
  void aLayerListedTwiceIsRefused() {
    LlmService svc =
        withLayers(
            List.of(
                new LayerSpec("form", new LinkedHashMap<>(Map.of("a", 1))),
                new LayerSpec("form", new LinkedHashMap<>(Map.of("a", 2)))));

    assertThatThrownBy(() -> PlanMapping.toPlan(svc))
        .isInstanceOfSatisfying(
            MappingException.class, e -> assertThat(e.kind()).isEqualTo(Kind.DUPLICATE_LAYER));
  }

  @Test
  void layersOutOfMergeOrderAreRefusedBecauseAPlanWouldMergeThemDifferently() {
    LlmService svc =
        withLayers(
            List.of(
                new LayerSpec("form", new LinkedHashMap<>(Map.of("a", 1))),
                new LayerSpec("catalog", new LinkedHashMap<>(Map.of("a", 2)))));

    assertThatThrownBy(() -> PlanMapping.toPlan(svc))
        .isInstanceOfSatisfying(
            MappingException.class, e -> assertThat(e.kind()).isEqualTo(Kind.LAYER_ORDER));
  }

  @Test
  void noObjectOrNoSpecIsRefusedAsNilObject() {
    LlmService noSpec = external();
    noSpec.setSpec(null);

    assertThatThrownBy(() -> PlanMapping.toPlan(null))
        .isInstanceOfSatisfying(
            MappingException.class, e -> assertThat(e.kind()).isEqualTo(Kind.NIL_OBJECT));
    assertThatThrownBy(() -> PlanMapping.toPlan(noSpec))
        .isInstanceOfSatisfying(
            MappingException.class, e -> assertThat(e.kind()).isEqualTo(Kind.NIL_OBJECT));
  }

  // ---- external

  @Test
  void anObjectSwissWroteIsNotExternal() {
    assertThat(PlanMapping.isExternal(PlanMapping.fromPlan(composed, "install", ""))).isFalse();
  }

  @Test
  void anObjectWithoutAnnotationsIsExternal() {
    assertThat(PlanMapping.isExternal(external())).isTrue();
    assertThat(SwissAnnotations.isExternal(new ObjectMeta())).isTrue();
  }

  @Test
  void operatorAnnotationsDoNotMakeAnObjectSwisss() {
    LlmService svc = external();
    svc.getMetadata()
        .setAnnotations(
            Map.of(
                "serving.modelsphere.dev/deletion-policy", "Orphan",
                "serving.modelsphere.dev/force-conflicts", "3",
                "kubectl.kubernetes.io/last-applied-configuration", "{}",
                "swiss.modelsphere.dev.example/look-alike", "x"));

    assertThat(PlanMapping.isExternal(svc)).isTrue();
  }

  @Test
  void aLoneSwissProfileAnnotationMakesAnObjectSwisss() {
    LlmService svc = external();
    svc.getMetadata().setAnnotations(Map.of(SwissAnnotations.PROFILE, "lab"));

    assertThat(PlanMapping.isExternal(svc)).isFalse();
  }

  @Test
  void aMissingObjectOrMetadataCountsAsExternal() {
    LlmService noMetadata = new LlmService();
    noMetadata.setMetadata(null);

    assertThat(PlanMapping.isExternal(null)).isTrue();
    assertThat(PlanMapping.isExternal(noMetadata)).isTrue();
    assertThat(SwissAnnotations.isExternal((ObjectMeta) null)).isTrue();
  }
}
