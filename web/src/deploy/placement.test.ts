import { describe, expect, it } from "vitest";
import type { NodeView } from "../api/nodes";
import type { CatalogIndex } from "../api/catalog";
import { gpusHeldBy, mergeLayers, placementLine, placementOf, placementProblems, variantRequires, withRequirement } from "./placement";
import { nodeView } from "../test/nodes";

const node = (overrides: Partial<NodeView>): NodeView =>
  nodeView({ Name: "gpu-h100-a", GPUProduct: "NVIDIA-H100-80GB-HBM3", GPUResource: "nvidia.com/gpu", GPUs: 8, ...overrides });

const cpu = node({ Name: "cpu-1", GPUProduct: "", GPUResource: "", GPUs: 0, gpusCapacity: 0 });

const pinned = {
  catalog: { model: { gpus: "2" }, resources: { limits: { "nvidia.com/gpu": 2, memory: "64Gi" } } },
  form: {
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: "nvidia.com/gpu.product", operator: "In", values: ["NVIDIA-H100-80GB-HBM3"] }] }],
        },
      },
    },
    tolerations: [{ key: "gpu", operator: "Exists", effect: "NoSchedule" }],
    nodeSelector: { pool: "serving" },
  },
};

describe("mergeLayers", () => {
  it("merges maps key by key in layer order and lets a later layer replace anything else", () => {
    expect(mergeLayers({ edit: { a: { b: 2 }, l: [2] }, catalog: { a: { b: 1, c: 1 }, l: [1, 1] } })).toEqual({ a: { b: 2, c: 1 }, l: [2] });
  });
});

describe("placementOf", () => {
  it("reads the GPUs, requests, pinned products and node constraints the merged values give", () => {
    expect(placementOf(pinned)).toEqual({
      gpus: 2,
      requests: { "nvidia.com/gpu": 2 },
      products: ["NVIDIA-H100-80GB-HBM3"],
      nodeSelector: { pool: "serving" },
      affinity: ["nvidia.com/gpu.product In NVIDIA-H100-80GB-HBM3"],
      tolerations: ["gpu Exists:NoSchedule"],
    });
  });

  it("says it all in one line", () => {
    expect(placementLine(placementOf(pinned))).toBe(
      "2 GPUs (nvidia.com/gpu: 2) · product NVIDIA-H100-80GB-HBM3 · nodeSelector pool=serving · affinity nvidia.com/gpu.product In NVIDIA-H100-80GB-HBM3 · tolerations gpu Exists:NoSchedule",
    );
    // The serving charts ask for model.gpus of nvidia.com/gpu (or of model.gpuResource).
    expect(placementLine(placementOf({ catalog: { model: { gpus: "1" } } }))).toBe("1 GPU (nvidia.com/gpu: 1) · product any · tolerations none");
    expect(placementLine(placementOf({ catalog: { model: { gpus: "4", gpuResource: "huawei.com/Ascend910" } } }))).toBe(
      "4 GPUs (huawei.com/Ascend910: 4) · product any · tolerations none",
    );
    expect(placementLine(withRequirement(placementOf({ catalog: { model: { gpus: "1" } }, form: { model: { gpus: "" } } }), { gpus: 1 }))).toBe(
      "1 GPU (no GPU resource requested) · product any · tolerations none",
    );
    expect(placementLine(placementOf({ catalog: {} }))).toBe("no GPUs · product any · tolerations none");
  });
});

describe("placementProblems", () => {
  const needsOne = placementOf({ catalog: { model: { gpus: "1" }, resources: { limits: { "nvidia.com/gpu": 1 } } } });

  it("flags a pod on a node without GPUs", () => {
    expect(placementProblems(needsOne, { node: cpu, gpusHeld: 1 })).toEqual(["node cpu-1 has no GPUs, but the variant needs 1 GPU"]);
  });

  it("flags a pod whose values ask Kubernetes for no GPU, wherever it landed", () => {
    // A hand edit that empties model.gpus: the chart then asks for no GPU, the variant needs one.
    const unrequested = withRequirement(placementOf({ catalog: { model: { gpus: "1" } }, form: { model: { gpus: "" } } }), { gpus: 1 });
    expect(placementProblems(unrequested, { node: node({}) })).toEqual(["asks for no GPU, but the variant needs 1 GPU: it can land on any node and will not load"]);
    expect(placementProblems(needsOne, { node: node({}), gpusHeld: 0 })).toHaveLength(1);
    expect(placementProblems(unrequested, { node: node({}), gpusHeld: 1 })).toEqual([]);
  });

  it("flags a node of another product than the one pinned", () => {
    expect(placementProblems(placementOf(pinned), { node: node({ Name: "b300", GPUProduct: "NVIDIA-B300-SXM6-AC" }), gpusHeld: 2 })).toEqual([
      "node b300 has NVIDIA-B300-SXM6-AC, but the variant needs NVIDIA-H100-80GB-HBM3",
    ]);
  });

  it("finds nothing wrong with a GPU pod on a GPU node, nor with a CPU model anywhere", () => {
    expect(placementProblems(placementOf(pinned), { node: node({}), gpusHeld: 2 })).toEqual([]);
    expect(placementProblems(needsOne, { gpusHeld: undefined })).toEqual([]);
    expect(placementProblems(placementOf({ catalog: {} }), { node: cpu, gpusHeld: 0 })).toEqual([]);
  });
});

describe("gpusHeldBy", () => {
  const inventory = { nodes: [node({ gpuPods: [{ namespace: "models", name: "chat-0", gpus: 2, node: "gpu-h100-a" }] })] };
  const pod = { namespace: "models", name: "chat-0", node: "gpu-h100-a", phase: "Running" };

  it("reads what a running pod holds, 0 when its node lists it not", () => {
    expect(gpusHeldBy(inventory, pod)).toBe(2);
    expect(gpusHeldBy(inventory, { ...pod, name: "chat-1" })).toBe(0);
    expect(gpusHeldBy(inventory, { ...pod, namespace: "lab" })).toBe(0);
  });

  it("cannot tell for a pod not running yet, an unread inventory, or an unknown node", () => {
    expect(gpusHeldBy(inventory, { ...pod, phase: "Pending" })).toBeUndefined();
    expect(gpusHeldBy({ ...inventory, usageError: "forbidden" }, pod)).toBeUndefined();
    expect(gpusHeldBy(inventory, { ...pod, node: "gone" })).toBeUndefined();
    expect(gpusHeldBy(undefined, pod)).toBeUndefined();
  });
});

describe("the catalog variant's requirement", () => {
  const index: CatalogIndex = {
    apiVersion: "catalog.swiss/v1",
    models: [
      {
        name: "smollm3-3b",
        versions: [{ version: "1.0.0", variants: [{ id: "tp2", engine: "sglang", chart: { name: "sglang" }, requires: { gpus: 2, gpuProduct: ["NVIDIA-H100-80GB-HBM3"] } }] }],
      },
    ],
  } as CatalogIndex;
  const source = { model: "smollm3-3b", version: "1.0.0", variant: "tp2" };

  it("is found by model, version and variant, and nothing else", () => {
    expect(variantRequires(index, source)).toEqual({ gpus: 2, gpuProduct: ["NVIDIA-H100-80GB-HBM3"] });
    expect(variantRequires(index, { ...source, version: "2.0.0" })).toBeUndefined();
    expect(variantRequires(undefined, source)).toBeUndefined();
  });

  it("flags a node of another product, or another vendor, than the variant is built for, where the values pin nothing", () => {
    const needs = withRequirement(placementOf({ catalog: { model: { gpus: "2" }, resources: { limits: { "nvidia.com/gpu": 2 } } } }), variantRequires(index, source));
    expect(needs.products).toEqual(["NVIDIA-H100-80GB-HBM3"]);
    expect(placementLine(needs)).toBe("2 GPUs (nvidia.com/gpu: 2) · product NVIDIA-H100-80GB-HBM3 (the variant's, not pinned by the values) · tolerations none");
    expect(placementProblems(needs, { node: node({ Name: "b300", GPUProduct: "NVIDIA-B300-SXM6-AC" }), gpusHeld: 2 })).toEqual([
      "node b300 has NVIDIA-B300-SXM6-AC, but the variant needs NVIDIA-H100-80GB-HBM3",
    ]);
    const ascend = node({ Name: "ascend-1", GPUProduct: "Ascend910B", GPUResource: "huawei.com/Ascend910" });
    expect(placementProblems(withRequirement(placementOf({}), { gpus: 1 }), { node: ascend, gpusHeld: 1 })).toEqual([
      "node ascend-1 offers huawei.com/Ascend910, but the variant is built for nvidia.com GPUs",
    ]);
  });

  it("leaves the plan's own pinned products in charge", () => {
    expect(withRequirement(placementOf(pinned), { gpus: 2, gpuProduct: ["other"] }).products).toEqual(["NVIDIA-H100-80GB-HBM3"]);
  });
});
