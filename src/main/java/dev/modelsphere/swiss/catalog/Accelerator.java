package dev.modelsphere.swiss.catalog;

import java.util.List;

/**
 * An accelerator vendor: the extended resource a pod requests and the node label its product name
 * is read from.
 */
public record Accelerator(String vendor, String resource, String productLabel) {
  public static final String DEFAULT_VENDOR = "nvidia";

  private static final List<Accelerator> KNOWN =
      List.of(
          new Accelerator("nvidia", "nvidia.com/gpu", "nvidia.com/gpu.product"),
          new Accelerator("ascend", "huawei.com/Ascend910", "accelerator/huawei-ascend910"),
          new Accelerator("cambricon", "cambricon.com/mlu", "cambricon.com/mlu.product"),
          new Accelerator("hygon", "hygon.com/dcu", "hygon.com/dcu.product"),
          new Accelerator("amd", "amd.com/gpu", "amd.com/gpu.device-id"));

  /** The accelerator for a vendor name; empty or null means nvidia. */
  public static Accelerator forVendor(String vendor) {
    String want = vendor == null || vendor.isEmpty() ? DEFAULT_VENDOR : vendor;
    return KNOWN.stream()
        .filter(a -> a.vendor.equals(want))
        .findFirst()
        .orElseThrow(
            () ->
                new CatalogException(
                    "requires.vendor \""
                        + vendor
                        + "\" is not a known accelerator (known: "
                        + vendorNames()
                        + ")"));
  }

  /** Every accelerator the table knows, in table order. */
  public static List<Accelerator> known() {
    return KNOWN;
  }

  /** The vendor names the table knows, in table order. */
  public static List<String> vendorNames() {
    return KNOWN.stream().map(Accelerator::vendor).toList();
  }
}
