// The deploy write path of openapi.yaml (tag `deploy`) plus the plan reads the deploy pages need.
// Types mirror the wire form exactly; optional members are the ones the server leaves out.
import { get, post, segment } from "./http";

/** A values tree as a layer wrote it (YAML/JSON object). */
export type Values = Record<string, unknown>;

export interface PlanRelease {
  name: string;
  namespace: string;
}

export interface PlanSource {
  catalog?: string;
  catalogName?: string;
  ref?: string;
  model: string;
  hf?: string;
  version?: string;
  digest?: string;
  variant: string;
}

export interface PlanChart {
  name: string;
  version: string;
  repo?: string;
  path?: string;
}

/** Values by layer (`catalog`, `site`, `derived`, `form`, `edit`); empty layers are left out. */
export type PlanLayers = Record<string, Values>;

export interface Plan {
  apiVersion: "plan.swiss/v1";
  release: PlanRelease;
  source: PlanSource;
  chart: PlanChart;
  engine: string;
  profile: string;
  layers?: PlanLayers;
  createNamespace?: boolean;
  helmfile?: string;
  hash: string;
}

export interface ShadowedValue {
  path: string;
  /** The layer whose value stands. */
  by: string;
  /** The earlier layers it overrides, in merge order. */
  under: string[];
}

export type PreflightRule = "chart-schema" | "release-identity" | "route-collision" | "service-id" | "gpu-fit";

export interface PreflightProblem {
  rule: PreflightRule;
  /** The values path or request field it concerns; empty for none. */
  field: string;
  message: string;
}

export interface PreflightReport {
  ok: boolean;
  problems: PreflightProblem[];
}

/** `POST /api/plans`: the plan plus what describes it without being part of it. */
export interface PlanAnswer extends Plan {
  shadowed?: ShadowedValue[];
  warnings?: string[];
  preflight?: PreflightReport;
}

export interface PlanRequest {
  fromRelease?: string;
  catalog?: string;
  model?: string;
  version?: string;
  variant?: string;
  release?: string;
  namespace?: string;
  serviceId?: string;
  localPath?: string;
  gpuProducts?: string[];
  forceGpuProducts?: boolean;
  overrides?: Values | null;
  overridesYAML?: string;
  editsYAML?: string;
  createNamespace?: boolean;
  chartVersion?: string;
  reuseSource?: boolean;
}

export interface DiffRequest extends PlanRequest {
  planHash?: string;
}

export interface ApplyRequest {
  planHash: string;
  /** The live revision the diff saw; 0 or absent asserts nothing. */
  expectRevision?: number;
  note?: string;
  forceConflicts?: boolean;
}

export interface RollbackRequest {
  toRevision: number;
  expectRevision: number;
  note?: string;
}

export interface ApplyResult {
  planHash: string;
  release: string;
  revision: number;
  output: string;
  status: "applied";
  statusError: string;
}

/** `POST /api/diff`. */
export interface PlanDiff {
  planHash: string;
  changed: boolean;
  output: string;
  /** The live revision compared against (what to send as `expectRevision`); 0 when none. */
  revision: number;
  exists: boolean;
  /** The preflight problems that would stop an apply of this plan. */
  warnings?: string[];
}

/** `POST .../revisions/{revision}/diff`. */
export interface RevisionDiff {
  planHash: string;
  toRevision: number;
  changed: boolean;
  output: string;
  revision: number;
  exists: boolean;
}

const releasePath = (namespace: string, release: string) => `/api/releases/${segment(namespace)}/${segment(release)}`;

export const plansApi = {
  plan: (body: PlanRequest) => post<PlanAnswer>("/api/plans", body),
  diff: (body: DiffRequest) => post<PlanDiff>("/api/diff", body),
  apply: (body: ApplyRequest) => post<ApplyResult>("/api/apply", body),
  install: (body: ApplyRequest) => post<ApplyResult>("/api/install", body),
  releasePlan: (namespace: string, release: string) => get<Plan>(`${releasePath(namespace, release)}/plan`),
  revisionPlan: (namespace: string, release: string, revision: number) =>
    get<Plan>(`${releasePath(namespace, release)}/revisions/${revision}/plan`),
  diffRevision: (namespace: string, release: string, revision: number) =>
    post<RevisionDiff>(`${releasePath(namespace, release)}/revisions/${revision}/diff`, {}),
  rollback: (namespace: string, release: string, body: RollbackRequest) =>
    post<ApplyResult>(`${releasePath(namespace, release)}/rollback`, body),
};
