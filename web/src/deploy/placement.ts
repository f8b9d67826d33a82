// Where a plan's pods may run and what they ask for: the GPUs its values request, the products
// it pins, and its node constraints; and what is wrong with where a pod actually landed. A model
// built for a GPU that lands on a CPU node (or asks Kubernetes for no GPU at all) is a pod that
// will never load, and nothing else on the page would say so.
import type { CatalogIndex, Requires } from "../api/catalog";
import type { NodeView } from "../api/nodes";
import type { PlanLayers, Values } from "../api/plans";
import { orderedLayers } from "./provenance";

const isMap = (value: unknown): value is Values => typeof value === "object" && value !== null && !Array.isArray(value);

/** The values helm renders the chart with: the layers merged in order, maps key by key. */
export function mergeLayers(layers: PlanLayers | undefined): Values {
  const merge = (base: Values, over: Values): Values => {
    const out: Values = { ...base };
    for (const [key, value] of Object.entries(over)) {
      out[key] = isMap(value) && isMap(out[key]) ? merge(out[key] as Values, value) : value;
    }
    return out;
  };
  return orderedLayers(layers).reduce<Values>((merged, name) => merge(merged, (layers?.[name] ?? {}) as Values), {});
}

function at(values: Values, ...path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (isMap(node) ? node[key] : undefined), values);
}

// The extended resources GPUs are requested as, and the node labels that name their product.
const GPU_RESOURCE = /^(nvidia\.com\/gpu|amd\.com\/gpu|huawei\.com\/Ascend\w*|cambricon\.com\/\w+|hygon\.com\/\w+)$/;
const PRODUCT_LABEL = /(gpu\.product|accelerator|npu\.product)$/;

export interface Placement {
  /** GPUs the variant is built for (`model.gpus`); 0 for a CPU model. */
  gpus: number;
  /** What the pod's resources ask Kubernetes for, by GPU resource; empty: no GPU at all. */
  requests: Record<string, number>;
  /** GPU products the values pin the pod to (node selector or required affinity); empty: any. */
  products: string[];
  nodeSelector: Record<string, string>;
  /** Required node-affinity expressions, as `key op values`. */
  affinity: string[];
  /** As `key=value:Effect`, `key op` without a value. */
  tolerations: string[];
  /** True when the products are the catalog variant's and the values do not pin them. */
  productsUnpinned?: boolean;
  /** The extended-resource domain of the vendor the catalog variant is built for (`nvidia.com`); absent when unknown. */
  vendorDomain?: string;
}

// The resource domain of each vendor a catalog variant names (`requires.vendor`).
const VENDOR_DOMAIN: Record<string, string> = { nvidia: "nvidia.com", ascend: "huawei.com", cambricon: "cambricon.com", hygon: "hygon.com", amd: "amd.com" };

/** What the catalog says the plan's variant needs, from the index; undefined when it does not list it. */
export function variantRequires(index: CatalogIndex | undefined, source: { model: string; version?: string; variant: string }): Requires | undefined {
  const model = index?.models.find((m) => m.name === source.model);
  const version = model?.versions.find((v) => v.version === source.version);
  return version?.variants.find((v) => v.id === source.variant)?.requires;
}

/**
 * The plan's placement with what the catalog variant needs laid under it: its GPU count and its
 * vendor, and its products where the plan pins none. A variant may name products without the
 * plan's values pinning them, and its pods then land on any GPU node.
 */
export function withRequirement(placement: Placement, requires: Requires | undefined): Placement {
  if (!requires) {
    return placement;
  }
  return {
    ...placement,
    gpus: Math.max(placement.gpus, requires.gpus),
    products: placement.products.length > 0 ? placement.products : (requires.gpuProduct ?? []),
    productsUnpinned: placement.products.length === 0 && (requires.gpuProduct ?? []).length > 0,
    vendorDomain: requires.gpus > 0 ? VENDOR_DOMAIN[requires.vendor ?? "nvidia"] : undefined,
  };
}

function count(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number.parseInt(value, 10) : NaN;
  return Number.isFinite(n) ? n : 0;
}

function gpuRequests(values: Values): Record<string, number> {
  const requests: Record<string, number> = {};
  // The serving charts ask for model.gpus of model.gpuResource (nvidia.com/gpu unless a variant
  // names another); empty or 0 leaves the resource off the pod.
  const gpus = count(at(values, "model", "gpus"));
  if (gpus > 0) {
    const resource = at(values, "model", "gpuResource");
    requests[typeof resource === "string" && resource !== "" ? resource : "nvidia.com/gpu"] = gpus;
  }
  // A limit alone is also the request for an extended resource; a request wins where both are set.
  for (const kind of ["limits", "requests"]) {
    const resources = at(values, "resources", kind);
    if (isMap(resources)) {
      for (const [resource, quantity] of Object.entries(resources)) {
        if (GPU_RESOURCE.test(resource) && count(quantity) > 0) {
          requests[resource] = count(quantity);
        }
      }
    }
  }
  return requests;
}

interface Expression {
  key?: string;
  operator?: string;
  values?: string[];
}

function affinityExpressions(values: Values): Expression[] {
  const terms = at(values, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms");
  if (!Array.isArray(terms)) {
    return [];
  }
  return terms.flatMap((term) => (isMap(term) && Array.isArray(term.matchExpressions) ? (term.matchExpressions as Expression[]) : []));
}

function tolerationText(toleration: unknown): string {
  if (!isMap(toleration)) {
    return "";
  }
  const { key = "", operator = "Equal", value, effect } = toleration as Record<string, string | undefined>;
  const head = operator === "Exists" ? `${key || "*"} Exists` : `${key}=${value ?? ""}`;
  return effect ? `${head}:${effect}` : head;
}

export function placementOf(layers: PlanLayers | undefined): Placement {
  const values = mergeLayers(layers);
  const selector = at(values, "nodeSelector");
  const nodeSelector: Record<string, string> = isMap(selector) ? Object.fromEntries(Object.entries(selector).map(([k, v]) => [k, String(v)])) : {};
  const expressions = affinityExpressions(values);
  const products = [
    ...Object.entries(nodeSelector)
      .filter(([key]) => PRODUCT_LABEL.test(key))
      .map(([, value]) => value),
    ...expressions.filter((e) => PRODUCT_LABEL.test(e.key ?? "") && e.operator === "In").flatMap((e) => e.values ?? []),
  ];
  const tolerations = at(values, "tolerations");
  return {
    gpus: count(at(values, "model", "gpus")),
    requests: gpuRequests(values),
    products: [...new Set(products)],
    nodeSelector,
    affinity: expressions.map((e) => `${e.key ?? ""} ${e.operator ?? ""}${e.values?.length ? ` ${e.values.join(",")}` : ""}`),
    tolerations: Array.isArray(tolerations) ? tolerations.map(tolerationText).filter((t) => t !== "") : [],
  };
}

const requested = (placement: Placement) => Object.values(placement.requests).reduce((sum, n) => sum + n, 0);

/**
 * The plan's scheduling in one line: "2 GPUs (nvidia.com/gpu: 2) · product NVIDIA-H100-80GB-HBM3
 * · nodeSelector a=b · tolerations gpu Exists".
 */
export function placementLine(placement: Placement): string {
  const asked = Object.entries(placement.requests).map(([resource, n]) => `${resource}: ${n}`);
  const gpus =
    placement.gpus === 0 && asked.length === 0
      ? "no GPUs"
      : `${placement.gpus} GPU${placement.gpus === 1 ? "" : "s"} (${asked.length > 0 ? asked.join(", ") : "no GPU resource requested"})`;
  const products = placement.products.length > 0 ? placement.products.join(" or ") : "any";
  const parts = [gpus, `product ${products}${placement.productsUnpinned ? " (the variant's, not pinned by the values)" : ""}`];
  const selector = Object.entries(placement.nodeSelector).map(([k, v]) => `${k}=${v}`);
  if (selector.length > 0) {
    parts.push(`nodeSelector ${selector.join(", ")}`);
  }
  if (placement.affinity.length > 0) {
    parts.push(`affinity ${placement.affinity.join("; ")}`);
  }
  parts.push(`tolerations ${placement.tolerations.length > 0 ? placement.tolerations.join(", ") : "none"}`);
  return parts.join(" · ");
}

/** Where a pod ran and what it holds there, as far as the node inventory tells. */
export interface PodPlacement {
  node?: NodeView;
  /** GPUs the pod asks for (or holds on its node); undefined when nothing could tell. */
  gpusHeld?: number;
}

/** What is wrong with where a pod landed, for a variant that needs GPUs; empty when nothing is. */
export function placementProblems(placement: Placement, pod: PodPlacement): string[] {
  if (placement.gpus === 0) {
    return [];
  }
  const problems: string[] = [];
  const need = `the variant needs ${placement.gpus} GPU${placement.gpus === 1 ? "" : "s"}`;
  // What the pod itself asks for wins: a chart may turn `model.gpus` into a request the values do not spell.
  if ((pod.gpusHeld ?? requested(placement)) === 0) {
    problems.push(`asks for no GPU, but ${need}: it can land on any node and will not load`);
  }
  const node = pod.node;
  const nodeDomain = node?.GPUResource.split("/")[0];
  if (node && node.GPUs === 0) {
    problems.push(`node ${node.Name} has no GPUs, but ${need}`);
  } else if (node && placement.vendorDomain && nodeDomain && nodeDomain !== placement.vendorDomain) {
    problems.push(`node ${node.Name} offers ${node.GPUResource}, but the variant is built for ${placement.vendorDomain} GPUs`);
  } else if (node && placement.products.length > 0 && !placement.products.includes(node.GPUProduct)) {
    problems.push(`node ${node.Name} has ${node.GPUProduct || "an unlabelled GPU"}, but the variant needs ${placement.products.join(" or ")}`);
  }
  return problems;
}

/**
 * The GPUs a pod holds on its node, from the node inventory; undefined when it cannot tell: the
 * inventory could not read pods, or counts only running pods and this one is not running yet.
 */
export function gpusHeldBy(
  inventory: { nodes: readonly NodeView[]; usageError?: string } | undefined,
  pod: { namespace: string; name: string; node?: string; phase: string },
): number | undefined {
  if (!inventory || inventory.usageError || !pod.node || pod.phase !== "Running") {
    return undefined;
  }
  const node = inventory.nodes.find((n) => n.Name === pod.node);
  if (!node) {
    return undefined;
  }
  return node.gpuPods?.find((held) => held.namespace === pod.namespace && held.name === pod.name)?.gpus ?? 0;
}
