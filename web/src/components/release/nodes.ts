import type { NodeView } from "../../api/nodes";

/** Most GPUs first, then the busiest, then by name: the nodes a model lands on come first. */
export function sortNodes(nodes: readonly NodeView[]): NodeView[] {
  return [...nodes].sort((a, b) => b.GPUs - a.GPUs || (b.gpusUsed ?? 0) - (a.gpusUsed ?? 0) || a.Name.localeCompare(b.Name));
}

export function nodeState(node: NodeView): "not ready" | "cordoned" | "ready" {
  if (!node.Ready) {
    return "not ready";
  }
  return node.Schedulable ? "ready" : "cordoned";
}

/** A product's name, or what the node offers when no label names the product. */
export function productLabel(product: string, resource: string): string {
  if (product) {
    return product;
  }
  return resource ? `${resource} (unlabelled)` : "unlabelled";
}

const VENDORS: Record<string, string> = {
  "nvidia.com": "NVIDIA",
  "huawei.com": "Ascend",
  "cambricon.com": "Cambricon",
  "hygon.com": "Hygon",
  "amd.com": "AMD",
};

/** The vendor behind an extended resource such as `nvidia.com/gpu`; the resource's domain when unknown. */
export function vendorOf(resource: string): string {
  const domain = resource.split("/")[0] ?? "";
  return VENDORS[domain] ?? (domain || "unknown");
}
