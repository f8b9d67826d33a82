package dev.modelsphere.swiss.sitestate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** server.md §3.7: the GPU products a variant lists beside the ones the cluster has. */
class GpuProductsAnswerTest {
  private static final String B300 = "NVIDIA-B300-SXM6-AC";
  private static final String H100 = "NVIDIA-H100-80GB-HBM3";
  private static final List<GpuNode> NODES =
      List.of(
          new GpuNode("gpu-1", B300, "nvidia.com/gpu", 8),
          new GpuNode("gpu-2", B300, "", 8),
          new GpuNode("gpu-3", H100, "nvidia.com/gpu", 4),
          new GpuNode("npu-1", "ascend-910b", "huawei.com/Ascend910", 8),
          new GpuNode("bare", "", "nvidia.com/gpu", 8));

  private final SiteCatalogs catalogs = new TestSite().catalogs();
  private final ObjectMapper json = new ObjectMapper();

  private GpuProductsAnswer answer(String model, GpuInventory inventory) {
    return GpuProductsAnswer.of(catalogs.entry("", model, ""), "", inventory);
  }

  @Test
  void listedProductsAreSupportedAndEveryProductOnTheClusterIsCountedSortedByName() {
    GpuProductsAnswer answer = answer("glm5.3", () -> NODES);

    assertThat(answer.variant()).isEqualTo("sglang-tp4-b300-optimized");
    assertThat(answer.vendor()).isEqualTo("nvidia");
    assertThat(answer.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(answer.label()).isEqualTo("nvidia.com/gpu.product");
    assertThat(answer.catalog()).containsExactly(B300);
    assertThat(answer.products())
        .containsExactly(
            new GpuProduct(B300, true, true, 2, 16), new GpuProduct(H100, false, true, 1, 4));
  }

  @Test
  void aVariantThatListsNoProductAcceptsEveryProductOnTheCluster() {
    GpuProductsAnswer answer = answer("modelforge", () -> NODES);

    assertThat(answer.catalog()).isEmpty();
    assertThat(answer.products())
        .extracting(GpuProduct::product, GpuProduct::catalogSupported)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(B300, true),
            org.assertj.core.groups.Tuple.tuple(H100, true));
    assertThat(json.valueToTree(answer).get("catalog").isArray()).isTrue();
  }

  @Test
  void aListedProductTheClusterLacksIsOfferedAsAbsent() {
    GpuProductsAnswer answer = answer("glm5.3", () -> List.of(NODES.get(2)));

    assertThat(answer.products()).contains(new GpuProduct(B300, true, false, 0, 0));
  }

  @Test
  void anotherVendorsVariantCountsOnlyItsOwnResource() {
    GpuProductsAnswer answer = answer("qwen3-8b", () -> NODES);

    assertThat(answer.vendor()).isEqualTo("ascend");
    assertThat(answer.resource()).isEqualTo("huawei.com/Ascend910");
    assertThat(answer.label()).isEqualTo("accelerator/huawei-ascend910");
    assertThat(answer.products())
        .extracting(GpuProduct::product)
        .containsExactly(B300, "ascend-910b");
  }

  @Test
  void nodesThatCannotBeListedAreReportedBesideTheListedProducts() {
    JsonNode body =
        json.valueToTree(
            answer(
                "glm5.3",
                () -> {
                  throw new IllegalStateException("nodes is forbidden");
                }));

    assertThat(body.get("inventoryError").asText()).isEqualTo("nodes is forbidden");
    assertThat(body.get("products")).hasSize(1);
    assertThat(body.get("products").get(0).get("onCluster").asBoolean()).isFalse();
    assertThat(body.get("products").get(0).fieldNames())
        .toIterable()
        .containsExactly("product", "catalogSupported", "onCluster", "nodes", "gpus");
  }

  @Test
  void aSuccessfulInventoryHasNoInventoryError() {
    assertThat(json.valueToTree(answer("glm5.3", () -> NODES)).has("inventoryError")).isFalse();
  }
}
