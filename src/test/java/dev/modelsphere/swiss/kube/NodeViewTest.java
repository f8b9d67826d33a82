package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.http.Json;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One node's GPU facts and their JSON, with the reference's capitalised keys. */
class NodeViewTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static Node node(Map<String, String> labels, String resource, int gpus) {
    Map<String, Quantity> devices = Map.of(resource, new Quantity(Integer.toString(gpus)));
    return new NodeBuilder()
        .withNewMetadata()
        .withName("gpu-1")
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .addNewTaint()
        .withKey("gpu")
        .withValue("h100")
        .withEffect("NoSchedule")
        .endTaint()
        .addNewTaint()
        .withKey("maintenance")
        .withEffect("NoExecute")
        .endTaint()
        .endSpec()
        .withNewStatus()
        .withCapacity(devices)
        .withAllocatable(devices)
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withReason("KubeletReady")
        .endCondition()
        .addNewAddress()
        .withType("InternalIP")
        .withAddress("10.0.0.7")
        .endAddress()
        .withNewNodeInfo()
        .withKubeletVersion("v1.31.0")
        .endNodeInfo()
        .endStatus()
        .build();
  }

  private static List<String> fields(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void freeGpusNeverGoNegativeWhenPodsAskForMoreThanTheNodeOffers() {
    NodeView view =
        NodeView.of(
            node(Map.of("nvidia.com/gpu.product", "NVIDIA-B300"), "nvidia.com/gpu", 8),
            GpuResources.defaults(),
            List.of(new NodeView.GpuPod("models", "big", 10, "gpu-1", "big")));

    assertThat(view.gpusUsed()).isEqualTo(10);
    assertThat(view.gpusFree()).isZero();
  }

  @Test
  void taintsReadAsKeyValueEffectAndTheNodeFactsComeFromItsStatus() {
    NodeView view =
        NodeView.of(
            node(Map.of("nvidia.com/gpu.product", "NVIDIA-B300"), "nvidia.com/gpu", 8),
            GpuResources.defaults(),
            List.of());

    assertThat(view.taints()).containsExactly("gpu=h100:NoSchedule", "maintenance:NoExecute");
    assertThat(view.ready()).isTrue();
    assertThat(view.kubelet()).isEqualTo("v1.31.0");
    assertThat(view.internalIp()).isEqualTo("10.0.0.7");
    assertThat(view.externalIp()).isEmpty();
    assertThat(view.gpuProduct()).isEqualTo("NVIDIA-B300");
  }

  @Test
  void aConfiguredProductLabelReplacesTheVendorDefault() {
    Node ascend =
        node(
            Map.of("accelerator", "huawei-Ascend910", "npu.chip/name", "910B3"),
            "huawei.com/Ascend910",
            8);

    NodeView byDefault = NodeView.of(ascend, GpuResources.defaults(), List.of());
    NodeView configured =
        NodeView.of(
            ascend,
            GpuResources.withOverrides(Map.of("huawei.com/Ascend910", List.of("npu.chip/name"))),
            List.of());

    assertThat(byDefault.gpuProduct())
        .as("the generic label stands in")
        .isEqualTo("huawei-Ascend910");
    assertThat(configured.gpuProduct()).isEqualTo("910B3");
  }

  @Test
  void withoutPodUsageTheUseMembersAreLeftOutButTheGpusStay() throws Exception {
    Node node = node(Map.of("amd.com/gpu.device-id", "0x74a1"), "amd.com/gpu", 8);

    JsonNode unknown = MAPPER.readTree(Json.text(NodeView.of(node, GpuResources.defaults(), null)));
    JsonNode idle =
        MAPPER.readTree(Json.text(NodeView.of(node, GpuResources.defaults(), List.of())));

    assertThat(fields(unknown))
        .containsExactly(
            "Name",
            "GPUProduct",
            "GPUResource",
            "GPUs",
            "Labels",
            "Taints",
            "Schedulable",
            "Ready",
            "Kubelet",
            "InternalIP",
            "ExternalIP",
            "Conditions",
            "gpusCapacity");
    assertThat(unknown.get("GPUs").asInt()).isEqualTo(8);
    assertThat(unknown.get("GPUProduct").asText()).isEqualTo("0x74a1");
    assertThat(fields(unknown.get("Conditions").get(0)))
        .containsExactly("Type", "Status", "Reason", "Message");
    assertThat(fields(idle)).contains("gpusUsed", "gpusFree").doesNotContain("gpuPods");
    assertThat(idle.get("gpusUsed").asInt()).isZero();
  }
}
