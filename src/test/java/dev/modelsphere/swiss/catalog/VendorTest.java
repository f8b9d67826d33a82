package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The accelerator vendor table and the requirement defaults built on it. */
class VendorTest {

  private static Requires requires(String vendor) {
    return new Requires(8, vendor, null, null, null, null, null);
  }

  @Test
  void vendorDefaultsToNvidia() {
    for (Requires unset : List.of(requires(null), requires(""))) {
      assertThat(unset.vendorOrDefault()).isEqualTo("nvidia");
      assertThat(unset.accelerator().resource()).isEqualTo("nvidia.com/gpu");
      assertThat(unset.accelerator().productLabel()).isEqualTo("nvidia.com/gpu.product");
    }
    assertThat(Accelerator.forVendor("")).isEqualTo(Accelerator.forVendor("nvidia"));
  }

  @Test
  void vendorSelectsTheResourceAndLabel() {
    Accelerator ascend = requires("ascend").accelerator();

    assertThat(ascend.resource()).isEqualTo("huawei.com/Ascend910");
    assertThat(ascend.productLabel())
        .isEqualTo("accelerator/huawei-ascend910")
        .isNotEqualTo(Accelerator.forVendor("nvidia").productLabel());
    assertThat(List.of("cambricon", "hygon", "amd"))
        .extracting(
            v ->
                Accelerator.forVendor(v).resource() + " " + Accelerator.forVendor(v).productLabel())
        .containsExactly(
            "cambricon.com/mlu cambricon.com/mlu.product",
            "hygon.com/dcu hygon.com/dcu.product",
            "amd.com/gpu amd.com/gpu.device-id");
  }

  @Test
  void unknownVendorIsRefused() {
    assertThatThrownBy(() -> Accelerator.forVendor("moore-threads"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll("moore-threads", "nvidia", "ascend");
    assertThatThrownBy(() -> requires("moore-threads").accelerator())
        .isInstanceOf(CatalogException.class);
    assertThat(requires("ascend").accelerator().vendor()).isEqualTo("ascend");
  }

  @Test
  void anAscendVariantInTheFixtureCatalogPassesValidation() {
    Catalog catalog = Catalog.open(Fixtures.catalogDir().toString());

    assertThat(catalog.all())
        .flatExtracting(Entry::variants)
        .extracting(v -> v.requires().vendorOrDefault())
        .contains("ascend", "nvidia");
  }

  @Test
  void versionFileMayNotCarrySource() {
    String yaml =
        CatalogFiles.entry("1.0.0", CatalogFiles.VLLM)
            .replace("variants:", "source:\n  hf: org/model\nvariants:");

    assertThatThrownBy(() -> Entry.parseYaml(yaml.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("source");
  }

  @Test
  void nodesAndTopologyHaveDefaultsAndTotalGpusCountsTheGroup() {
    Requires single = requires(null);
    Requires zeroNodes = new Requires(4, null, 0, "", null, null, null);
    Requires group = new Requires(8, null, 2, "lws", null, null, null);

    assertThat(single.nodesOrDefault()).isEqualTo(1);
    assertThat(single.topologyOrDefault()).isEqualTo("single-node");
    assertThat(single.totalGpus()).isEqualTo(8);
    assertThat(zeroNodes.nodesOrDefault()).isEqualTo(1);
    assertThat(zeroNodes.topologyOrDefault()).isEqualTo("single-node");
    assertThat(group.totalGpus()).isEqualTo(16);
    assertThat(group.topologyOrDefault()).isEqualTo("lws");
  }
}
