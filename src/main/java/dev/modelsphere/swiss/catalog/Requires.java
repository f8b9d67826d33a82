package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What a variant needs to schedule at all.
 *
 * @param gpus accelerators per pod; a two-pod lws group at 8 needs 16 in total
 * @param vendor the accelerator vendor, {@code nvidia} when absent
 * @param nodes pods per group; absent or below 1 means 1
 * @param topology {@code single-node} (the default) or {@code lws}
 * @param gpuProduct acceptable product-label values, any one matches; absent means any
 * @param minGpuMemoryGiB memory each accelerator must have, optional
 * @param rdma whether the pods need an RDMA device, optional
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Requires(
    @JsonInclude(JsonInclude.Include.ALWAYS) int gpus,
    String vendor,
    Integer nodes,
    String topology,
    List<String> gpuProduct,
    Double minGpuMemoryGiB,
    Boolean rdma) {

  public static final String SINGLE_NODE = "single-node";
  public static final String LWS = "lws";

  public Requires {
    gpuProduct = gpuProduct == null ? List.of() : List.copyOf(gpuProduct);
  }

  public String vendorOrDefault() {
    return vendor == null || vendor.isEmpty() ? Accelerator.DEFAULT_VENDOR : vendor;
  }

  public int nodesOrDefault() {
    return nodes == null || nodes < 1 ? 1 : nodes;
  }

  public String topologyOrDefault() {
    return topology == null || topology.isEmpty() ? SINGLE_NODE : topology;
  }

  /** Accelerators across the whole group: per-pod gpus times pods. */
  public int totalGpus() {
    return gpus * nodesOrDefault();
  }

  /** The vendor's resource and product label; throws for a vendor the table does not know. */
  public Accelerator accelerator() {
    return Accelerator.forVendor(vendor);
  }
}
