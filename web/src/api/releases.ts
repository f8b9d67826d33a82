// One release: /api/releases/{namespace}/{release}/... Types come from docs/openapi.yaml
// (StatusReport, PodView, StartupProgress, PlanStatus, ObjectsReport, RevisionList,
// RevisionValues, ProbeResult, CheckCredentials, UninstallResult, SloConfig, Plan).
import { del, get, post, put, segment } from "./http";
import type { CheckCredentials, ObjectsReport, Plan, ProbeResult, RevisionList, RevisionValues, SloConfig, StatusReport, UninstallResult } from "./types";

export type { CheckCredentials, LlmServiceCondition, ObjectKind, ObjectsReport, PlanStatus, PodView, ProbeResult, ReleaseObject, Revision, RevisionList, RevisionValues, SloConfig, StartupProgress, StatusReport, UninstallResult } from "./types";

/** The plan stored beside a release: the same document POST /api/plans answers. */
export type ReleasePlan = Plan;

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
