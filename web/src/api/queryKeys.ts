// Every TanStack Query key the UI uses, one function per endpoint, so a page that reads an answer
// and a write (or a change event) that makes it stale name the same entry. A function called
// without its trailing arguments gives the prefix that matches every entry of its endpoint.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

type Ref = [namespace: string, release: string] | [];

export const queryKeys = {
  session: () => ["session"] as const,
  cluster: () => ["cluster"] as const,
  profile: () => ["profile"] as const,
  profileTemplate: () => ["profile-template"] as const,

  catalogIndex: (catalog?: string) => ["catalog-index", catalog ?? ""] as const,
  catalogEntry: (model: string, version?: string, catalog?: string) => ["catalog-entry", model, version ?? "", catalog ?? ""] as const,
  gpuProducts: (model: string, version?: string, variant?: string, catalog?: string) =>
    ["gpu-products", model, version ?? "", variant ?? "", catalog ?? ""] as const,
  /** `GET /api/nodes`: the Nodes page and the deploy form's fit check read the same answer. */
  nodes: () => ["nodes"] as const,
  /** `GET /api/nodes/history`; under the nodes key, so what makes the nodes stale makes it stale. */
  nodesHistory: () => ["nodes", "history"] as const,

  deployments: (...page: [page: number, perPage: number] | []) => ["deployments", ...page] as const,
  runs: (...filter: [namespace: string, release: string, action: string] | []) => ["runs", ...filter] as const,
  run: (id: number) => ["run", id] as const,
  /** `GET /api/approvals`, all of them or those of one release. */
  approvals: (...ref: Ref) => ["approvals", ...ref] as const,
  /** The diff an approver reviews: `POST /api/diff` of the request's plan, or the revision diff of its rollback. */
  approvalDiff: (id: number) => ["approval-diff", id] as const,

  releaseStatus: (...ref: Ref) => ["release-status", ...ref] as const,
  releasePlan: (...ref: Ref) => ["release-plan", ...ref] as const,
  releaseObjects: (...ref: Ref) => ["release-objects", ...ref] as const,
  releaseRevisions: (...ref: Ref) => ["release-revisions", ...ref] as const,
  revisionPlan: (namespace: string, release: string, revision: number) => ["revision-plan", namespace, release, revision] as const,
  revisionValues: (namespace: string, release: string, revision: number) => ["revision-values", namespace, release, revision] as const,
  releaseSlo: (namespace: string, release: string) => ["release-slo", namespace, release] as const,
};

/**
 * The queries of one release that change when it is installed, applied or rolled back (or when a
 * change event names it); without a release, the same queries of every release.
 */
export function releaseState(...ref: Ref): QueryKey[] {
  return [queryKeys.releaseStatus(...ref), queryKeys.releasePlan(...ref), queryKeys.releaseObjects(...ref), queryKeys.releaseRevisions(...ref)];
}

/**
 * After an install, apply or rollback: the release's own queries, the list and the audit log, and
 * the approvals (on a protected site the write spent one).
 */
export async function afterReleaseWrite(queryClient: QueryClient, namespace: string, release: string): Promise<void> {
  const keys = [queryKeys.deployments(), queryKeys.runs(), queryKeys.approvals(), ...releaseState(namespace, release)];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * After an uninstall: the release's queries are dropped, not refetched (they would only 404), and
 * the list and the audit log are refetched.
 */
export async function afterUninstall(queryClient: QueryClient, namespace: string, release: string): Promise<void> {
  for (const queryKey of [...releaseState(namespace, release), queryKeys.releaseSlo(namespace, release)]) {
    queryClient.removeQueries({ queryKey });
  }
  await Promise.all([queryKeys.deployments(), queryKeys.runs(), queryKeys.approvals()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After a request, an approval or a rejection: every list of approvals, and the audit log that records each. */
export async function afterApprovalChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryKeys.approvals(), queryKeys.runs()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
