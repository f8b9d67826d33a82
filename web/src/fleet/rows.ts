// Which rows the Deployments list shows under its search box and filters.
import type { DeploymentRow } from "../api/deployments";

export interface RowFilter {
  /** Words each row must contain, in its release, namespace, model or variant. */
  search: string;
  namespace: string;
  model: string;
}

export function matches(row: DeploymentRow, filter: RowFilter): boolean {
  if (filter.namespace && row.namespace !== filter.namespace) {
    return false;
  }
  if (filter.model && row.model !== filter.model) {
    return false;
  }
  const text = [row.release, row.namespace, row.model, row.variant].filter(Boolean).join(" ").toLowerCase();
  return filter.search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** The distinct non-empty values of one member over the rows, sorted: a filter's choices. */
export function choices(rows: readonly DeploymentRow[], member: "namespace" | "model"): string[] {
  return [...new Set(rows.map((row) => row[member]).filter((value): value is string => Boolean(value)))].sort();
}
