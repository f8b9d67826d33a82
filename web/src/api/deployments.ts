// GET /api/deployments: one page of the reconciliation view. Types come from docs/openapi.yaml
// (DeploymentsPage, DeploymentRow, CanaryState, CanaryParent, CanaryAssignment).
import { get, withQuery } from "./http";
import type { DeploymentsPage } from "./types";

export type { Backend, CanaryAssignment, CanaryParent, CanaryRelationship, CanaryState, DeploymentRow, DeploymentsPage } from "./types";

/** The server caps `perPage` at 100; 50 keeps a 1,000-release fleet's first page quick to render. */
export const DEPLOYMENTS_PER_PAGE = 50;

export const deploymentsApi = {
  list: (page: number, perPage: number = DEPLOYMENTS_PER_PAGE) => get<DeploymentsPage>(withQuery("/api/deployments", { page, perPage })),
};
