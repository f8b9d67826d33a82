package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.NodeView;
import dev.modelsphere.swiss.kube.NodesReport;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gpu-fit rule's arithmetic over node inventories the test builds. */
class GpuFitRuleTest {
  private static final String H100 = "NVIDIA-H100-80GB-HBM3";
  private static final String A100 = "NVIDIA-A100-SXM4-80GB";
  private static final String NVIDIA = "nvidia.com/gpu";
  private static final String ASCEND = "huawei.com/Ascend910";
  private static final Plan PLAN = ExamplePlans.sglang("qwen", "serving", "replicaCount: 1");

  private static NodeView node(String name, String resource, String product, int gpus, int used) {
    return node(name, resource, product, gpus, used, true);
  }

  private static NodeView node(
      String name, String resource, String product, int gpus, int used, boolean schedulable) {
    return new NodeView(
        name,
        product,
        resource,
        gpus,
        Map.of(),
        List.of(),
        schedulable,
        true,
        "v1.34.0",
        "",
        "",
        List.of(),
        gpus,
        used,
        Math.max(gpus - used, 0),
        List.of());
  }

  private static final List<NodeView> FLEET =
      List.of(
          node("h100-a", NVIDIA, H100, 8, 6),
          node("h100-b", NVIDIA, H100, 8, 3),
          node("ascend", ASCEND, "module-910b-8", 8, 0),
          node("cpu", "", "", 0, 0));

  private static Requires requires(int gpus, String vendor, Integer nodes, List<String> products) {
    return new Requires(gpus, vendor, nodes, null, products, null, null);
  }

  /** The plan as compose writes it for {@code requires}: its catalog layer's model.gpus. */
  private static List<Problem> check(List<NodeView> nodes, Requires requires) {
    return check(
        nodes,
        ExamplePlans.sglang("qwen", "serving", "model: {gpus: \"%d\"}".formatted(requires.gpus())),
        requires);
  }

  private static List<Problem> check(List<NodeView> nodes, Plan plan, Requires requires) {
    return new GpuFitRule(() -> new NodesReport("test", nodes, null, ""), GpuResources.defaults())
        .check(Proposal.install(plan, requires));
  }

  @Test
  void aRequestSomeNodeHasFreeGpusForPasses() {
    assertThat(check(FLEET, requires(4, null, null, List.of()))).isEmpty();
    assertThat(check(FLEET, requires(2, null, 2, List.of(H100)))).isEmpty();
    assertThat(check(FLEET, requires(8, "ascend", null, List.of()))).isEmpty();
  }

  @Test
  void aGpuRequestNoNodeCanHoldNamesWhatItAskedAndWhatTheNodesHave() {
    List<Problem> problems = check(FLEET, requires(6, null, null, List.of(H100)));

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(GpuFitRule.NAME);
              assertThat(p.field()).isEqualTo("gpuProducts");
              assertThat(p.message())
                  .contains("1 node with 6 free nvidia.com/gpu each")
                  .contains("vendor nvidia")
                  .contains("product " + H100)
                  .contains("but 0 nodes can hold it")
                  .contains(H100 + " (nvidia.com/gpu): 2 nodes, free 2, 5")
                  .contains("module-910b-8 (huawei.com/Ascend910): 1 node, free 8");
            });
  }

  @Test
  void aGroupNeedsAsManyFittingNodesAsItHasPods() {
    List<Problem> problems = check(FLEET, requires(4, null, 2, List.of()));

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.field()).isEqualTo("model.gpus");
              assertThat(p.message()).contains("2 nodes with 4 free").contains("but 1 node can");
            });
  }

  @Test
  void aProductNoNodeCarriesIsRefusedEvenWithGpusFreeElsewhere() {
    assertThat(check(FLEET, requires(1, null, null, List.of(A100))))
        .singleElement()
        .satisfies(p -> assertThat(p.message()).contains("product " + A100).contains(H100));
  }

  @Test
  void theProductsOfThePlansAffinityTermNarrowTheVariantsProducts() {
    Plan pinned =
        ExamplePlans.sglang(
            "qwen",
            "serving",
            """
            affinity:
              nodeAffinity:
                requiredDuringSchedulingIgnoredDuringExecution:
                  nodeSelectorTerms:
                  - matchExpressions:
                    - {key: nvidia.com/gpu.product, operator: In, values: [%s]}
            """
                .formatted(A100));

    assertThat(check(FLEET, pinned, requires(1, null, null, List.of())))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.field()).isEqualTo("gpuProducts");
              assertThat(p.message()).contains("product " + A100);
            });
  }

  @Test
  void thePlansModelGpusCountsOverTheVariantsWhenAnEditChangedIt() {
    Plan edited = ExamplePlans.sglang("qwen", "serving", "model: {gpus: \"7\"}");

    assertThat(check(FLEET, edited, requires(1, null, null, List.of())))
        .singleElement()
        .satisfies(p -> assertThat(p.message()).contains("7 free nvidia.com/gpu"));
  }

  @Test
  void aCordonedNodeHoldsNothingAndIsShownAsCordoned() {
    List<NodeView> cordoned = List.of(node("h100-a", NVIDIA, H100, 8, 0, false));

    assertThat(check(cordoned, requires(1, null, null, List.of())))
        .singleElement()
        .satisfies(p -> assertThat(p.message()).contains("free 8 (cordoned)"));
  }

  @Test
  void aVendorWithNoNodesSaysSo() {
    assertThat(check(List.of(node("cpu", "", "", 0, 0)), requires(1, "amd", null, List.of())))
        .singleElement()
        .satisfies(p -> assertThat(p.message()).contains("amd.com/gpu").contains("no GPU nodes"));
  }

  @Test
  void aPlanWithoutKnownRequirementsOrWithoutGpusAsksNothingToCheck() {
    assertThat(check(List.of(), PLAN, null)).isEmpty();
    assertThat(check(List.of(), PLAN, requires(0, null, null, List.of()))).isEmpty();
  }

  @Test
  void unknownGpuUseIsAProblemSayingItCouldNotCheck() {
    List<Problem> problems =
        new GpuFitRule(
                () -> new NodesReport("test", FLEET, null, "pods are forbidden"),
                GpuResources.defaults())
            .check(Proposal.install(PLAN, requires(1, null, null, List.of())));

    assertThat(problems)
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message()).contains("could not check").contains("pods are forbidden"));
  }
}
