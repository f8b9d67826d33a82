package dev.modelsphere.swiss.compose;

import static dev.modelsphere.swiss.compose.Fixtures.PROD_PROFILE;
import static dev.modelsphere.swiss.compose.Fixtures.profile;
import static dev.modelsphere.swiss.compose.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.Shadow;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.Yaml;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComposerTest {
  private static final String NO_MIRROR = PROD_PROFILE.replace("ghcr.io/modelsphere", "");
  private static final String NO_CACHE = PROD_PROFILE.replace("enabled: true", "enabled: false");

  private static Map<String, Object> yaml(String text) {
    return Yaml.tree("test", text);
  }

  private static Object value(Plan plan, String path) {
    return Tree.get(plan.values(), path).value();
  }

  private static Plan compose(String form) {
    return Composer.compose(request(yaml(form)));
  }

  @Test
  void composeProjectsIdentityFieldsFromTheirSingleSpelling() {
    Plan plan = compose("");
    assertThat(value(plan, "model.name")).isEqualTo("glm-5.3");
    assertThat(value(plan, "model.gpus")).isEqualTo("8");
    assertThat(value(plan, "model.localPath")).isEqualTo("/mnt/disk0/models/GLM-5.3");
    assertThat(value(plan, "image.tag")).isEqualTo("v0.5.19");
    assertThat(value(plan, "image.repository")).isEqualTo("ghcr.io/modelsphere/sglang");
    assertThat(plan.source().hf()).isEqualTo("zai-org/GLM-5.3");
    assertThat(plan.chart().version()).isEqualTo("0.8.0");
    assertThat(plan.release()).extracting("name", "namespace").containsExactly("glm-53", "models");
  }

  @Test
  void eachValueIsAttributedToTheLayerThatSetIt() {
    Plan plan = compose("");
    assertThat(plan.layerOf("extraArgs")).isEqualTo("catalog");
    assertThat(plan.layerOf("model.localPath")).isEqualTo("site");
    assertThat(plan.layerOf("cache.maxSlotsPerNode")).isEqualTo("derived");
  }

  @Test
  void noMirrorLeavesTheCatalogImageAlone() {
    Plan plan =
        Composer.compose(request(profile(NO_MIRROR), "sglang-tp8-b300", Map.of(), Map.of()));
    assertThat(value(plan, "image.repository")).isEqualTo("lmsysorg/sglang");
    assertThat(Tree.has(plan.layer("site"), "image.repository")).isFalse();
  }

  @Test
  void mirrorShadowsTheCatalogRepository() {
    Plan plan = compose("");
    assertThat(plan.layerOf("image.repository")).isEqualTo("site");
    assertThat(plan.shadowed())
        .contains(new Shadow("image.repository", "site", List.of("catalog")));
  }

  @Test
  void anAliasInTheProfileComposesTheValueItNames() {
    String aliased =
        PROD_PROFILE
            + "extra:\n  podAnnotations: &ann {team: serving}\n  podLabels: *ann\n"
            + "  ingress: {enabled: on}\n";
    Plan plan = Composer.compose(request(profile(aliased), "sglang-tp8-b300", Map.of(), Map.of()));

    assertThat(value(plan, "podLabels")).isEqualTo(Map.of("team", "serving"));
    assertThat(value(plan, "podAnnotations")).isEqualTo(Map.of("team", "serving"));
    assertThat(value(plan, "ingress.enabled")).isEqualTo("on");
  }

  @Test
  void derivedMaxSlotsFollowTheChartsRule() {
    Map<String, Long> slotsByVariant = Map.of("sglang-tp8-b300", 1L, "sglang-tp2", 4L);
    slotsByVariant.forEach(
        (variant, slots) -> {
          Plan plan = Composer.compose(request(profile(PROD_PROFILE), variant, Map.of(), Map.of()));
          assertThat(value(plan, "cache.maxSlotsPerNode")).as(variant).isEqualTo(slots);
        });
    var oneGpu = request(profile(PROD_PROFILE), "sglang-tp1", Map.of(), Map.of());
    oneGpu = oneGpu.withChartVersion("0.8.1");
    assertThat(value(Composer.compose(oneGpu), "cache.maxSlotsPerNode")).isEqualTo(8L);
  }

  @Test
  void derivedSlotsYieldToAValueTheSiteSet() {
    Plan plan =
        Composer.compose(
            request(
                profile(PROD_PROFILE + "extra: {cache: {maxSlotsPerNode: 3}}\n"),
                "sglang-tp8-b300",
                Map.of(),
                Map.of()));
    assertThat(value(plan, "cache.maxSlotsPerNode")).isEqualTo(3L);
    assertThat(plan.layerOf("cache.maxSlotsPerNode")).isEqualTo("site");
    assertThat(Tree.has(plan.layer("derived"), "cache.maxSlotsPerNode")).isFalse();
  }

  @Test
  void aFormValueForSlotsShadowsTheDerivedOneInsteadOfSuppressingIt() {
    Plan plan = compose("cache: {maxSlotsPerNode: 2}");
    assertThat(value(plan, "cache.maxSlotsPerNode")).isEqualTo(2L);
    assertThat(plan.shadowed())
        .contains(new Shadow("cache.maxSlotsPerNode", "form", List.of("derived")));
  }

  @Test
  void formMaySetASiteKey() {
    Plan plan = compose("cache: {hostPath: /elsewhere}");
    assertThat(value(plan, "cache.hostPath")).isEqualTo("/elsewhere");
    assertThat(plan.layerOf("cache.hostPath")).isEqualTo("form");
  }

  @Test
  void formOverrideOfACatalogKeyIsReportedNotRefused() {
    Plan plan = compose("extraArgs: [--tp-size=4]");
    assertThat(value(plan, "extraArgs")).isEqualTo(List.of("--tp-size=4"));
    assertThat(plan.shadowed()).contains(new Shadow("extraArgs", "form", List.of("catalog")));
  }

  @Test
  void composeAllowsFormToSetScalingAndScheduling() {
    Plan plan = compose("replicaCount: 3\nscaler: {maxReplicas: 8}\nnodeSelector: {pool: a}");
    assertThat(value(plan, "replicaCount")).isEqualTo(3L);
    assertThat(value(plan, "scaler.maxReplicas")).isEqualTo(8L);
    assertThat(value(plan, "nodeSelector.pool")).isEqualTo("a");
  }

  @Test
  void composeNeedsANamespaceFromSomewhere() {
    String noNamespace = PROD_PROFILE.replace("namespace: models\n", "");
    assertThatThrownBy(
            () ->
                Composer.compose(
                    request(profile(noNamespace), "sglang-tp8-b300", Map.of(), Map.of())))
        .isInstanceOf(ComposeException.class)
        .hasMessageContaining("no namespace");
  }

  @Test
  void aReleaseNameIsRequired() {
    var r = request(Map.of());
    var noName = r.withRelease("");
    assertThatThrownBy(() -> Composer.compose(noName))
        .hasMessageContaining("release name is required");
  }

  @Test
  void anUnresolvedChartRangeIsRefused() {
    var r = request(profile(PROD_PROFILE), "sglang-tp1", Map.of(), Map.of());
    assertThatThrownBy(() -> Composer.compose(r))
        .isInstanceOf(ComposeException.class)
        .hasMessageContaining(">=0.8.0")
        .hasMessageContaining("is a range");
  }

  @Test
  void hashCoversTheValues() {
    assertThat(compose("replicaCount: 4").hash()).isNotEqualTo(compose("").hash());
  }

  @Test
  void formCanSetServiceIdAndOverrideLocalPath() {
    Map<String, Object> form =
        Form.assemble(
            new FormInput(null, Map.of(), "svc-1", "/data/glm", List.of()),
            "nvidia.com/gpu.product");
    Plan plan = Composer.compose(request(form));
    assertThat(value(plan, "serviceId")).isEqualTo("svc-1");
    assertThat(value(plan, "model.localPath")).isEqualTo("/data/glm");
    assertThat(plan.layerOf("model.localPath")).isEqualTo("form");
    assertThat(plan.shadowed()).contains(new Shadow("model.localPath", "form", List.of("site")));
  }

  @Test
  void localPathDefaultsFromTheSiteTemplate() {
    Plan plan = compose("");
    assertThat(Tree.get(plan.layer("site"), "model.localPath").value())
        .isEqualTo("/mnt/disk0/models/GLM-5.3");
  }

  @Test
  void disabledCacheEmitsNothing() {
    Plan plan = Composer.compose(request(profile(NO_CACHE), "sglang-tp8-b300", Map.of(), Map.of()));
    assertThat(plan.values()).doesNotContainKey("cache");
    assertThat(Tree.leafPaths(plan.values())).noneMatch(p -> p.startsWith("cache"));
  }

  @Test
  void enabledCacheWritesItsSwitchAndHostPathIntoTheSiteLayer() {
    Plan plan = compose("");
    assertThat(plan.layer("site"))
        .containsEntry("cache", yaml("enabled: true\nhostPath: /mnt/cache"));
    assertThat(value(plan, "cache.maxSlotsPerNode")).isEqualTo(1L);
  }

  @Test
  void featureDefaultsAreExplicit() {
    Plan plan = compose("");
    assertThat(plan.layer("derived"))
        .containsEntry("cart", Map.of("enabled", true))
        .containsEntry("modelRoute", Map.of("enabled", false))
        .containsEntry("sloRequirement", Map.of("enabled", false))
        .containsEntry("scaler", Map.of("enabled", false))
        .containsEntry("serviceMonitor", Map.of("enabled", false));
  }

  @Test
  void planWritesNoMetricsMock() {
    assertThat(Tree.has(compose("").values(), "metricsMock.enabled")).isFalse();
  }

  @Test
  void touchingASectionEnablesIt() {
    Plan plan = compose("scaler: {maxReplicas: 8}\nmodelRoute: {nginx: {route: glm}}");
    assertThat(value(plan, "scaler.enabled")).isEqualTo(true);
    assertThat(value(plan, "modelRoute.enabled")).isEqualTo(true);
    assertThat(value(plan, "sloRequirement.enabled")).isEqualTo(false);
  }

  @Test
  void anEmptyMapCountsAsTouchingButEditsDoNot() {
    Plan plan =
        Composer.compose(
            request(
                profile(PROD_PROFILE),
                "sglang-tp8-b300",
                yaml("serviceMonitor: {}"),
                yaml("sloRequirement: {target: 1}")));
    assertThat(Tree.get(plan.layer("derived"), "serviceMonitor.enabled").value()).isEqualTo(true);
    assertThat(Tree.get(plan.layer("derived"), "sloRequirement.enabled").value()).isEqualTo(false);
  }

  @Test
  void formCanTurnAFeatureOffAndAnExplicitNullStands() {
    Plan plan = compose("cart: {enabled: false}\nscaler: {enabled: null}");
    assertThat(value(plan, "cart.enabled")).isEqualTo(false);
    assertThat(plan.layerOf("cart.enabled")).isEqualTo("form");
    assertThat(Tree.has(plan.layer("derived"), "scaler.enabled")).isFalse();
    assertThat(Tree.get(plan.values(), "scaler.enabled"))
        .extracting("present", "value")
        .containsExactly(true, null);
  }

  @Test
  void layerValuesSplitByProvenance() {
    Plan plan = compose("");
    assertThat(plan.layer("catalog")).containsKey("extraArgs");
    assertThat(Tree.get(plan.layer("catalog"), "image.repository").value())
        .isEqualTo("lmsysorg/sglang");
    assertThat(Tree.get(plan.layer("site"), "image.repository").value())
        .isEqualTo("ghcr.io/modelsphere/sglang");
    assertThat(plan.valuesFiles()).startsWith("catalog.yaml").hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void editLayerWinsLast() {
    Plan plan =
        Composer.compose(
            request(
                profile(PROD_PROFILE),
                "sglang-tp8-b300",
                yaml("replicaCount: 2"),
                yaml("replicaCount: 9\nextraArgs: [--x]\nsomethingNew: 1")));
    assertThat(value(plan, "replicaCount")).isEqualTo(9L);
    assertThat(value(plan, "extraArgs")).isEqualTo(List.of("--x"));
    for (String path : List.of("replicaCount", "extraArgs", "somethingNew")) {
      assertThat(plan.layerOf(path)).as(path).isEqualTo("edit");
    }
  }

  @Test
  void siteExtraCannotOverrideTheTemplatePathBecauseTheTemplateIsWrittenLast() {
    Plan plan =
        Composer.compose(
            request(
                profile(PROD_PROFILE + "extra: {model: {localPath: /nope}}\n"),
                "sglang-tp8-b300",
                Map.of(),
                Map.of()));
    assertThat(value(plan, "model.localPath")).isEqualTo("/mnt/disk0/models/GLM-5.3");
  }

  @Test
  void scheduleSettingsLandInTheSiteLayer() {
    Plan plan =
        Composer.compose(
            request(
                profile(
                    PROD_PROFILE
                        + "schedule: {priorityClassName: llm-high, schedulerName: volcano}\n"),
                "sglang-tp8-b300",
                Map.of(),
                Map.of()));
    assertThat(plan.layer("site"))
        .containsEntry("priorityClassName", "llm-high")
        .containsEntry("schedulerName", "volcano");
  }

  @Test
  void aCatalogValueThatBlocksAProjectionIsNamed() {
    String broken = Fixtures.GLM_ENTRY.replace("model: {mountPath: /model}", "model: scalar");
    var entry = Fixtures.entry(broken, "zai-org/GLM-5.3");
    var r = request(Map.of());
    var req = r.withEntry(entry).withVariant(entry.variant("sglang-tp8-b300"));
    assertThatThrownBy(() -> Composer.compose(req))
        .hasMessageContaining("catalog layer")
        .hasMessageContaining("\"model\" is not a map");
  }

  @Test
  void anImageWithoutATagNamesAnEmptyTagRatherThanNull() {
    String untagged =
        Fixtures.GLM_ENTRY.replace(
            "image: {repository: lmsysorg/sglang, tag: v0.5.19}\n    requires: {gpus: 8}",
            "image: {repository: lmsysorg/sglang}\n    requires: {gpus: 8}");
    var entry = Fixtures.entry(untagged, "zai-org/GLM-5.3");
    var r = request(Map.of());
    var req = r.withEntry(entry).withVariant(entry.variant("sglang-tp8-b300"));

    Plan plan = Composer.compose(req);

    assertThat(untagged).isNotEqualTo(Fixtures.GLM_ENTRY);
    assertThat(Tree.get(plan.layer("catalog"), "image.tag").value()).isEqualTo("");
    assertThat(Tree.get(plan.layer("catalog"), "image.repository").value())
        .isEqualTo("lmsysorg/sglang");
  }

  @Test
  void aReleaseNameOfSpacesIsNotMissing() {
    var r = request(Map.of());
    var req = r.withRelease(" ");

    assertThat(Composer.compose(req).release().name()).isEqualTo(" ");
  }
}
