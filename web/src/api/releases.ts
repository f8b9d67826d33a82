// One release: /api/releases/{namespace}/{release}/... Types mirror docs/openapi.yaml
// (StatusReport, PodView, StartupProgress, PlanStatus, ObjectsReport, RevisionList,
// RevisionValues, ProbeResult, CheckCredentials, UninstallResult, SloConfig, Plan).
import type { Backend, CanaryRelationship } from "./deployments";
import { del, get, post, put, segment } from "./http";
import type { Plan } from "./plans";

export interface StartupProgress {
  state: "loading" | "failing" | "ready";
  container: string;
  elapsedSeconds: number;
  budgetSeconds: number;
}

export interface PodView {
  name: string;
  phase: string;
  ready: boolean;
  restarts: number;
  node?: string;
  message?: string;
  ageSeconds: number;
  startup?: StartupProgress;
}

export interface PlanStatus {
  phase: string;
  action?: string;
  revision?: number;
  startedAt?: string;
  updatedAt?: string;
  error?: string;
  note?: string;
  forced?: boolean;
}

export interface LlmServiceCondition {
  type: string | null;
  status: string | null;
  reason: string | null;
  message: string | null;
}

export interface StatusReport extends CanaryRelationship {
  release: string;
  namespace: string;
  exists: boolean;
  revision: number;
  helmStatus?: string;
  pods: PodView[];
  ready: number;
  total: number;
  route?: string;
  url?: string;
  model?: string;
  authHeader?: string;
  authPrefix: string;
  warning?: string;
  drift?: string;
  planStatus?: PlanStatus;
  backend?: Backend;
  cleanupPending?: boolean;
  llmservice?: { phase: string; message: string; revision: number; conditions: LlmServiceCondition[] };
}

/** The minimal shape of a stored plan (openapi `Plan`) this side of the UI reads. */
/** The plan stored beside a release: the same document POST /api/plans answers. */
export type ReleasePlan = Plan;

export type ObjectKind = "ModelRoute" | "LLMScaler" | "LLMSLORequirement";

export interface ReleaseObject {
  ref: { apiVersion: string; kind: ObjectKind; namespace: string; name: string };
  live?: { generation?: number; created?: string; spec?: Record<string, unknown>; status?: Record<string, unknown> };
  missing?: boolean;
  error?: string;
}

export interface ObjectsReport {
  objects: ReleaseObject[];
}

export interface Revision {
  revision: number;
  model?: string;
  version?: string;
  variant?: string;
  chart?: string;
  planHash?: string;
  current?: boolean;
}

export interface RevisionList {
  release: string;
  namespace: string;
  revisions: Revision[];
}

export interface RevisionValues {
  namespace: string;
  release: string;
  revision: number;
  all: string;
  supplied: string;
  suppliedError?: string;
}

export interface CheckCredentials {
  apiKey?: string;
  headers?: Record<string, string>;
}

export interface ProbeResult {
  url: string;
  ok: boolean;
  status?: number;
  latencyMs: number;
  models?: string[];
  error?: string;
  body?: string;
  sentHeaders?: string[];
  curl?: string;
}

export interface UninstallResult {
  release: string;
  namespace: string;
  output: string;
  planError: string;
}

/** The SLO server's own fields pass through untouched; only `found` is swiss's. */
export interface SloConfig {
  found: boolean;
  [field: string]: unknown;
}

// Query keys follow the reference UI's, so every page that writes invalidates the same entries.
export const releaseKeys = {
  status: (ns: string, release: string) => ["status", ns, release] as const,
  plan: (ns: string, release: string) => ["releasePlan", ns, release] as const,
  objects: (ns: string, release: string) => ["objects", ns, release] as const,
  revisions: (ns: string, release: string) => ["revisions", ns, release] as const,
  revisionValues: (ns: string, release: string, revision: number) => ["revision-values", ns, release, revision] as const,
  slo: (ns: string, release: string) => ["slo", ns, release] as const,
};

const base = (ns: string, release: string) => `/api/releases/${segment(ns)}/${segment(release)}`;

export const releasesApi = {
  status: (ns: string, release: string) => get<StatusReport>(`${base(ns, release)}/status`),
  plan: (ns: string, release: string) => get<ReleasePlan>(`${base(ns, release)}/plan`),
  objects: (ns: string, release: string) => get<ObjectsReport>(`${base(ns, release)}/objects`),
  revisions: (ns: string, release: string) => get<RevisionList>(`${base(ns, release)}/revisions`),
  revisionValues: (ns: string, release: string, revision: number) => get<RevisionValues>(`${base(ns, release)}/revisions/${revision}/values`),
  probe: (ns: string, release: string, credentials: CheckCredentials = {}) => post<ProbeResult>(`${base(ns, release)}/probe`, credentials),
  uninstall: (ns: string, release: string) => del<UninstallResult>(base(ns, release)),
  slo: (ns: string, release: string) => get<SloConfig>(`${base(ns, release)}/slo`),
  saveSlo: (ns: string, release: string, thresholds: Record<string, unknown>) => put<SloConfig>(`${base(ns, release)}/slo`, thresholds),
  resetSlo: (ns: string, release: string) => del<SloConfig>(`${base(ns, release)}/slo`),
};
