// Approvals on a protected site: /api/approvals. Types come from docs/openapi.yaml (Approval,
// ApprovalList, ApprovalRequest, ApprovalDecision).
import { get, post, segment, withQuery } from "./http";
import type { Approval, ApprovalDecision, ApprovalList, ApprovalRequest } from "./types";

export type { Approval, ApprovalAction, ApprovalDecision, ApprovalList, ApprovalRequest, ApprovalState } from "./types";

export interface ApprovalFilter {
  namespace?: string;
  release?: string;
}

const one = (id: number) => `/api/approvals/${segment(String(id))}`;

export const approvalsApi = {
  list: (filter: ApprovalFilter = {}) => get<ApprovalList>(withQuery("/api/approvals", { ...filter })),
  approval: (id: number) => get<Approval>(one(id)),
  request: (body: ApprovalRequest) => post<Approval>("/api/approvals", body),
  approve: (id: number, decision: ApprovalDecision = {}) => post<Approval>(`${one(id)}/approve`, decision),
  reject: (id: number, decision: ApprovalDecision = {}) => post<Approval>(`${one(id)}/reject`, decision),
};
