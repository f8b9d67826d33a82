// GET /api/deployments: one page of the reconciliation view. Types mirror docs/openapi.yaml
// (DeploymentsPage, DeploymentRow, CanaryState, CanaryParent, CanaryAssignment).
import { get, withQuery } from "./http";

export type CanaryState = "standalone" | "referenced" | "owned";

/** The Canary that owns a service (`managedBy`). */
export interface CanaryParent {
  apiVersion: string;
  kind: string;
  namespace: string;
  name?: string;
  uid?: string;
  arm?: string;
  verified: boolean;
  reason?: string;
}

/** The Canary a service is lent to (`assignedTo`). */
export interface CanaryAssignment {
  namespace?: string;
  name?: string;
  arm?: string;
  verified: boolean;
  reason?: string;
}

/** The Canary members that deployment rows and status reports share. */
export interface CanaryRelationship {
  canaryState: CanaryState;
  managedBy?: CanaryParent;
  assignedTo?: CanaryAssignment;
  uid?: string;
}

export type Backend = "helm" | "llmsvc";

export interface DeploymentRow extends CanaryRelationship {
  release: string;
  namespace: string;
  chart?: string;
  status?: string;
  revision: number;
  updated?: string;
  model?: string;
  variant?: string;
  catalogRef?: string;
  catalog?: string;
  version?: string;
  phase?: string;
  drift?: string;
  route?: string;
  backend: Backend;
  external?: boolean;
  cleanupPending?: boolean;
  untracked?: boolean;
}

export interface DeploymentsPage {
  cluster: string;
  catalogRef: string;
  page: number;
  perPage: number;
  deployments: DeploymentRow[];
  summary: { total: number; catalogBehind: number; untracked?: number };
}

/** The server caps `perPage` at 100; 50 keeps a 1,000-release fleet's first page quick to render. */
export const DEPLOYMENTS_PER_PAGE = 50;

export const DEPLOYMENTS_KEY = ["deployments"] as const;
export const deploymentsKey = (page: number, perPage: number) => [...DEPLOYMENTS_KEY, page, perPage] as const;

export const deploymentsApi = {
  list: (page: number, perPage: number = DEPLOYMENTS_PER_PAGE) => get<DeploymentsPage>(withQuery("/api/deployments", { page, perPage })),
};
