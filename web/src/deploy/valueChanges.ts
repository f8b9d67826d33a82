// The values that differ between two plans, path by path (`replicaCount 1 → 2`): what an upgrade,
// tune or rollback moves, in the words of the values a chart reads rather than of a manifest diff.
import type { PlanLayers, Values } from "../api/plans";
import { explainLayers, orderedLayers } from "./provenance";

export interface ValueChange {
  path: string;
  /** Absent: the value was not set before. */
  from?: unknown;
  /** Absent: the value is no longer set. */
  to?: unknown;
}

/** Every value a tree sets, by dotted path, with maps merged the way helm merges them. */
function flatten(layers: PlanLayers | undefined): Map<string, unknown> {
  return new Map(explainLayers(layers).map((row) => [row.path, row.value]));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function between(before: Map<string, unknown>, after: Map<string, unknown>): ValueChange[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.flatMap((path) => {
    const from = before.get(path);
    const to = after.get(path);
    const wasSet = before.has(path);
    const isSet = after.has(path);
    if (wasSet && isSet && same(from, to)) {
      return [];
    }
    return [{ path, ...(wasSet ? { from } : {}), ...(isSet ? { to } : {}) }];
  });
}

/** The merged values that differ: what the chart is rendered with, before → after. */
export function valueChanges(before: PlanLayers | undefined, after: PlanLayers | undefined): ValueChange[] {
  return between(flatten(before), flatten(after));
}

export interface LayerChanges {
  layer: string;
  changes: ValueChange[];
}

/** Each layer's own values that differ, in merge order; layers that did not move are left out. */
export function layerChanges(before: PlanLayers | undefined, after: PlanLayers | undefined): LayerChanges[] {
  const names = orderedLayers({ ...(before ?? {}), ...(after ?? {}) });
  const only = (layers: PlanLayers | undefined, name: string): PlanLayers => ({ [name]: (layers?.[name] ?? {}) as Values });
  return names
    .map((layer) => ({ layer, changes: between(flatten(only(before, layer)), flatten(only(after, layer))) }))
    .filter((moved) => moved.changes.length > 0);
}

/** A value as one short word: strings bare, anything else as JSON. */
export function shortValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** `replicaCount 1 → 2`, `image.tag v0.5.19 → v0.5.20`, `scaler.enabled unset → true`. */
export function describeValueChange(change: ValueChange): string {
  const side = (present: boolean, value: unknown) => (present ? shortValue(value) : "unset");
  return `${change.path} ${side("from" in change, change.from)} → ${side("to" in change, change.to)}`;
}
