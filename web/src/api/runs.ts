// The audit log: GET /api/runs and /api/runs/{id}. Types mirror docs/openapi.yaml (Run, RunList).
import { get, segment, withQuery } from "./http";

export type RunAction = "apply" | "install" | "rollback" | "uninstall";

export interface Run {
  id: number;
  namespace: string;
  release: string;
  action: string;
  planHash: string;
  actor?: string;
  changed: boolean;
  error?: string;
  output?: string;
  note?: string;
  revision?: number;
  startedAt: string;
  endedAt: string;
}

export interface RunList {
  runs: Run[];
  hasStore: boolean;
}

export interface RunFilter {
  namespace?: string;
  release?: string;
  action?: string;
}

/** The server's own ceiling is 500; 200 is a long page of history without a heavy answer. */
export const RUNS_LIMIT = 200;

export const RUNS_KEY = ["runs"] as const;
export const runsKey = (filter: RunFilter) => [...RUNS_KEY, filter.namespace ?? "", filter.release ?? "", filter.action ?? ""] as const;
export const runKey = (id: number) => ["run", id] as const;

export const runsApi = {
  list: (filter: RunFilter) => get<RunList>(withQuery("/api/runs", { ...filter, limit: RUNS_LIMIT })),
  run: (id: number) => get<Run>(`/api/runs/${segment(String(id))}`),
};
