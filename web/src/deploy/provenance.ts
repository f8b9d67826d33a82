// Explains a plan's values by layer: for every value in the merged result, the layer whose value
// stands and the earlier layers' values it replaced. Nothing is composed here: the server merged
// the layers; this reads the documents the plan carries the way helm merges values files (maps
// merge key by key, anything else replaces), so it agrees with the server's `shadowed` report.
import type { PlanLayers, Values } from "../api/plans";

/** The merge order the server uses; later wins. */
export const LAYER_ORDER = ["catalog", "site", "derived", "form", "edit"] as const;

export const LAYER_MEANING: Record<string, string> = {
  catalog: "from the model entry in the catalog",
  site: "from this cluster's site profile",
  derived: "computed from the variant and the site",
  form: "what the deploy form set",
  edit: "the plan editor, applied after every layer",
};

export interface ShadowedBy {
  layer: string;
  value: unknown;
}

export interface ProvenanceRow {
  /** Dotted path; a key that itself contains a dot is bracketed: `resources.limits["nvidia.com/gpu"]`. */
  path: string;
  value: unknown;
  layer: string;
  /** Earlier layers' values this one replaced, in merge order. */
  shadowed: ShadowedBy[];
}

interface Leaf {
  layerIndex: number;
  layer: string;
  segments: string[];
  value: unknown;
}

/** Known layers in merge order, then any the server adds, in the order it sent them. */
export function orderedLayers(layers: PlanLayers | undefined): string[] {
  const present = Object.keys(layers ?? {});
  const known = LAYER_ORDER.filter((name) => present.includes(name));
  return [...known, ...present.filter((name) => !(LAYER_ORDER as readonly string[]).includes(name))];
}

export function displayPath(segments: string[]): string {
  return segments.map((segment, index) => (segment.includes(".") ? `["${segment}"]` : index === 0 ? segment : `.${segment}`)).join("");
}

function isMap(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// A non-empty map is merged key by key; everything else (scalars, null, lists, {}) is one value.
function leaves(tree: Values, layer: string, layerIndex: number, prefix: string[] = []): Leaf[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const segments = [...prefix, key];
    return isMap(value) && Object.keys(value).length > 0
      ? leaves(value, layer, layerIndex, segments)
      : [{ layer, layerIndex, segments, value }];
  });
}

// Two paths collide when one is a prefix of the other: the later one replaces the earlier.
function collide(a: string[], b: string[]): boolean {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    if (a[i] !== b[i]) {
      return false;
    }
  }
  return true;
}

export function explainLayers(layers: PlanLayers | undefined): ProvenanceRow[] {
  const all = orderedLayers(layers).flatMap((layer, index) => leaves(layers?.[layer] ?? {}, layer, index));
  const replacedBy = (leaf: Leaf) => all.some((other) => other.layerIndex > leaf.layerIndex && collide(other.segments, leaf.segments));
  const standing = all.filter((leaf) => !replacedBy(leaf));
  const rows = new Map<Leaf, ProvenanceRow>(
    standing.map((leaf) => [leaf, { path: displayPath(leaf.segments), value: leaf.value, layer: leaf.layer, shadowed: [] }]),
  );
  for (const leaf of all) {
    if (rows.has(leaf)) {
      continue;
    }
    const winner = standing.find((other) => other.layerIndex > leaf.layerIndex && collide(other.segments, leaf.segments));
    if (winner) {
      rows.get(winner)!.shadowed.push({ layer: leaf.layer, value: leaf.value });
    }
  }
  return [...rows.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** How many standing values each layer set. */
export function countByLayer(rows: ProvenanceRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    counts[row.layer] = (counts[row.layer] ?? 0) + 1;
  }
  return counts;
}

/** One line per value: JSON, so `"true"` and `true` stay apart. */
export function formatValue(value: unknown): string {
  return value === undefined ? "" : JSON.stringify(value);
}
