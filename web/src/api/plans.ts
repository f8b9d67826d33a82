// The deploy write path of openapi.yaml (tag `deploy`) plus the plan reads the deploy pages need.
// Types come from the document; optional members are the ones the server leaves out.
import { get, post, segment } from "./http";
import type { ApplyRequest, ApplyResult, DiffRequest, Plan, PlanAnswer, PlanDiff, PlanRequest, RevisionDiff, RollbackRequest } from "./types";

export type { ApplyRequest, ApplyResult, DiffRequest, Plan, PlanAnswer, PlanChart, PlanDiff, PlanLayers, PlanRelease, PlanRequest, PlanSource, PreflightProblem, PreflightReport, PreflightRule, RevisionDiff, RollbackRequest, ShadowedValue, Values } from "./types";

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
