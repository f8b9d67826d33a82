import type { RunFilter } from "../../api/runs";

// On a protected site the log also keeps each approval's request, decision and expiry.
export const RUN_ACTIONS = ["apply", "install", "uninstall", "rollback", "approval-request", "approval-approve", "approval-reject", "approval-expire"] as const;
const FILTER_KEYS = ["namespace", "release", "action"] as const;

/** The runs page's filter, read from its query string; empty values are no filter. */
export function filterFromParams(params: URLSearchParams): RunFilter {
  const filter: RunFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) {
      filter[key] = value;
    }
  }
  return filter;
}

/** The query string for a filter, leaving out what is not set, so a link can be shared. */
export function paramsFromFilter(filter: RunFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key]?.trim();
    if (value) {
      params.set(key, value);
    }
  }
  return params;
}

/** Filtered to exactly one release: the page then is that release's revision history. */
export function oneRelease(filter: RunFilter): { namespace: string; release: string } | null {
  return filter.namespace && filter.release ? { namespace: filter.namespace, release: filter.release } : null;
}
