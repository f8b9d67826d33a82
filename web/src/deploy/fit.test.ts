import { describe, expect, it } from "vitest";
import type { FitNode } from "../api/catalog";
import { describeFit, fit, gpuCount, hardwareLine, nodeFits, runsOn } from "./fit";

const node = (overrides: Partial<FitNode> = {}): FitNode => ({
  Name: "gpu-1",
  GPUProduct: "NVIDIA-H100-80GB-HBM3",
  GPUResource: "nvidia.com/gpu",
  GPUs: 8,
  Schedulable: true,
  Ready: true,
  ...overrides,
});

describe("fit", () => {
  it("counts schedulable nodes with enough GPUs", () => {
    const nodes = [node(), node({ Name: "small", GPUs: 4 }), node({ Name: "cordoned", Schedulable: false })];
    expect(fit({ gpus: 8 }, nodes)).toEqual({ ok: true, matching: 1, needed: 1 });
    expect(fit({ gpus: 4 }, nodes)).toEqual({ ok: true, matching: 2, needed: 1 });
  });

  it("refuses nodes of another vendor", () => {
    expect(nodeFits(node(), { gpus: 1, vendor: "ascend" })).toBe(false);
    expect(nodeFits(node({ GPUResource: "huawei.com/Ascend910", GPUProduct: "Ascend-910B3" }), { gpus: 1, vendor: "ascend" })).toBe(true);
    expect(nodeFits(node({ GPUResource: "huawei.com/Ascend910" }), { gpus: 1 })).toBe(false);
  });

  it("needs the node's product in the variant's list when it has one", () => {
    expect(nodeFits(node(), { gpus: 8, gpuProduct: ["NVIDIA-B300-SXM6-AC"] })).toBe(false);
    expect(nodeFits(node(), { gpus: 8, gpuProduct: ["NVIDIA-B300-SXM6-AC", "NVIDIA-H100-80GB-HBM3"] })).toBe(true);
    expect(nodeFits(node({ GPUProduct: "" }), { gpus: 8 })).toBe(true);
  });

  it("needs as many matching nodes as the variant spans", () => {
    const nodes = [node(), node({ Name: "gpu-2" })];
    expect(fit({ gpus: 8, nodes: 2, topology: "lws" }, nodes)).toEqual({ ok: true, matching: 2, needed: 2 });
    expect(fit({ gpus: 8, nodes: 4, topology: "lws" }, nodes)).toEqual({ ok: false, matching: 2, needed: 4 });
    expect(fit({ gpus: 8 }, [])).toEqual({ ok: false, matching: 0, needed: 1 });
  });

  it("says how many nodes match, or what is missing", () => {
    expect(describeFit({ ok: true, matching: 3, needed: 1 })).toBe("3 matching nodes");
    expect(describeFit({ ok: true, matching: 1, needed: 1 })).toBe("1 matching node");
    expect(describeFit({ ok: false, matching: 2, needed: 4 })).toBe("needs 4, 2 matching");
  });
});

describe("hardware text", () => {
  it("reads engine, GPUs per pod times nodes, and vendor", () => {
    expect(hardwareLine({ engine: "sglang", requires: { gpus: 8, nodes: 2 } })).toBe("sglang · 8 GPU × 2 nodes · NVIDIA");
    expect(hardwareLine({ engine: "vllm", requires: { gpus: 1, vendor: "ascend" } })).toBe("vllm · 1 GPU · Ascend");
    expect(gpuCount({ gpus: 4, nodes: 1 })).toBe("4 GPU");
    expect(runsOn({ gpus: 1 })).toBe("Runs on any NVIDIA");
    expect(runsOn({ gpus: 1, gpuProduct: ["NVIDIA-H800"] })).toBe("Runs on NVIDIA-H800");
  });
});
