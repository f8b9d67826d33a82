// The audit log: GET /api/runs and /api/runs/{id}. Types come from docs/openapi.yaml (Run, RunList).
import { get, segment, withQuery } from "./http";
import type { Run, RunList } from "./types";

export type { Run, RunList } from "./types";

export interface RunFilter {
  namespace?: string;
  release?: string;
  action?: string;
}

/** The server's own ceiling is 500; 200 is a long page of history without a heavy answer. */
export const RUNS_LIMIT = 200;

export const runsApi = {
  list: (filter: RunFilter) => get<RunList>(withQuery("/api/runs", { ...filter, limit: RUNS_LIMIT })),
  run: (id: number) => get<Run>(`/api/runs/${segment(String(id))}`),
};
