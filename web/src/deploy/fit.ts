// Does a catalog variant fit this cluster? Counts the nodes one of its pods could land on; a
// multi-node (lws) variant needs that many such nodes at once.
import type { FitNode, Requires } from "../api/catalog";

/** The extended resource each vendor's GPUs are requested as. */
export const VENDOR_RESOURCE: Record<string, string> = {
  nvidia: "nvidia.com/gpu",
  ascend: "huawei.com/Ascend910",
  cambricon: "cambricon.com/mlu",
  hygon: "hygon.com/dcu",
  amd: "amd.com/gpu",
};

export const VENDOR_LABEL: Record<string, string> = {
  nvidia: "NVIDIA",
  ascend: "Ascend",
  cambricon: "Cambricon",
  hygon: "Hygon",
  amd: "AMD",
};

export interface Fit {
  ok: boolean;
  /** Nodes one pod of the variant fits on. */
  matching: number;
  /** Nodes the variant needs at once. */
  needed: number;
}

export function nodeFits(node: FitNode, requires: Requires): boolean {
  const resource = VENDOR_RESOURCE[requires.vendor ?? "nvidia"];
  // An unknown vendor, or a node that names no resource, cannot be told apart: give it the benefit.
  const vendorMatches = resource === undefined || node.GPUResource === "" || node.GPUResource === resource;
  const products = requires.gpuProduct ?? [];
  const productMatches = products.length === 0 || products.includes(node.GPUProduct);
  return node.Schedulable && node.GPUs >= requires.gpus && vendorMatches && productMatches;
}

export function fit(requires: Requires, nodes: FitNode[]): Fit {
  const matching = nodes.filter((node) => nodeFits(node, requires)).length;
  const needed = requires.nodes ?? 1;
  return { ok: matching >= needed, matching, needed };
}

export function describeFit({ ok, matching, needed }: Fit): string {
  const nodes = `${matching} matching ${matching === 1 ? "node" : "nodes"}`;
  return ok ? nodes : `needs ${needed}, ${matching} matching`;
}

/** "8 GPU" or "8 GPU × 2 nodes". */
export function gpuCount(requires: Requires): string {
  const nodes = requires.nodes ?? 1;
  return nodes > 1 ? `${requires.gpus} GPU × ${nodes} nodes` : `${requires.gpus} GPU`;
}

export function vendorLabel(requires: Requires): string {
  const vendor = requires.vendor ?? "nvidia";
  return VENDOR_LABEL[vendor] ?? vendor;
}

/** "sglang · 8 GPU × 2 nodes · NVIDIA". */
export function hardwareLine(variant: { engine: string; requires: Requires }): string {
  return [variant.engine, gpuCount(variant.requires), vendorLabel(variant.requires)].join(" · ");
}

/** "Runs on NVIDIA-H100-80GB-HBM3, NVIDIA-H800" or "Runs on any NVIDIA". */
export function runsOn(requires: Requires): string {
  const products = requires.gpuProduct ?? [];
  return products.length > 0 ? `Runs on ${products.join(", ")}` : `Runs on any ${vendorLabel(requires)}`;
}
