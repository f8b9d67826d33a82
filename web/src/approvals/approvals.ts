// What the UI decides about approvals on a protected site: which request a write can use, who may
// approve or reject one, and how the Approvals page orders them. The server decides again on
// every call; these only keep the buttons honest about what it would answer.
import { ApiError } from "../api/http";
import type { Approval, ApprovalAction } from "../api/approvals";
import { shortHash } from "../lib/shortHash";

/** The one write an approval is for: what `POST /api/approvals` asks for. */
export interface ApprovalTarget {
  action: ApprovalAction;
  namespace: string;
  release: string;
  /** The plan an install or apply writes. */
  planHash?: string;
  /** The chart digest an install or apply pins (its diff's): the approval binds it too. */
  chartDigest?: string;
  /** The revision a rollback restores. */
  toRevision?: number;
  /** The live revision the write will find (0 for none); a request made at another one is refused. */
  revision?: number;
}

/** Whether the site's profile, or the server's refusal of a write, says this write needs an approval. */
export function needsApproval(requireApproval: boolean | undefined, refusal?: unknown): boolean {
  return requireApproval === true || isApprovalRefusal(refusal);
}

/** A refusal for want of an approval (its `reason`): a protected site the page did not know of. */
export function isApprovalRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.reason === "approvalRequired";
}

/**
 * The newest request of `user` for exactly this write, still usable (pending or approved) or not;
 * undefined when there is none. Another user's request does not count: the server lets only the
 * one who asked write with it.
 */
export function approvalFor(approvals: readonly Approval[], target: ApprovalTarget, user?: string): Approval | undefined {
  return approvals
    .filter(
      (a) =>
        a.action === target.action &&
        a.namespace === target.namespace &&
        a.release === target.release &&
        (a.planHash ?? "") === (target.planHash ?? "") &&
        (a.chartDigest ?? "") === (target.chartDigest ?? "") &&
        (a.toRevision ?? 0) === (target.toRevision ?? 0) &&
        (target.revision === undefined || a.revision === target.revision) &&
        (user === undefined || a.requestedBy === user),
    )
    .reduce<Approval | undefined>((newest, a) => (newest === undefined || a.id > newest.id ? a : newest), undefined);
}

/** A request the write can still use, or one that is on its way to being usable. */
export function isLive(approval: Approval | undefined): boolean {
  return approval?.state === "pending" || approval?.state === "approved";
}

/** Why the write still waits, or undefined once its request is approved. */
export function writeWaitsBecause(approval: Approval | undefined): string | undefined {
  if (approval === undefined) {
    return "Request approval first: on this site another user must approve this write";
  }
  switch (approval.state) {
    case "approved":
      return undefined;
    case "pending":
      return `Waiting for approval: request ${approval.id} is pending until another user approves it`;
    default:
      return `Request approval again: request ${approval.id} is ${approval.state}`;
  }
}

/** Why `user` may not approve this request, or undefined when they may. */
export function approveBlockedBecause(approval: Approval, user: string | undefined, approvers: readonly string[] = []): string | undefined {
  if (approval.state !== "pending") {
    return `It is ${approval.state}: only a pending request can be approved`;
  }
  if (user !== undefined && approval.requestedBy === user) {
    return "You asked for this: another user must approve it";
  }
  if (approvers.length > 0 && (user === undefined || !approvers.includes(user))) {
    return `Only ${approvers.join(", ")} may approve on this site`;
  }
  return undefined;
}

/** Why `user` may not reject this request, or undefined: its requester (to withdraw it) and the approvers may. */
export function rejectBlockedBecause(approval: Approval, user: string | undefined, approvers: readonly string[] = []): string | undefined {
  if (approval.state !== "pending") {
    return `It is ${approval.state}: only a pending request can be rejected`;
  }
  if (approvers.length > 0 && user !== approval.requestedBy && (user === undefined || !approvers.includes(user))) {
    return `Only the requester or ${approvers.join(", ")} may reject it`;
  }
  return undefined;
}

/** The Approvals page's two lists: pending ones oldest first (the longest waiting on top), then the rest newest first. */
export function approvalSections(approvals: readonly Approval[]): { pending: Approval[]; recent: Approval[] } {
  const at = (a: Approval) => Date.parse(a.requestedAt);
  return {
    pending: approvals.filter((a) => a.state === "pending").sort((a, b) => at(a) - at(b) || a.id - b.id),
    recent: approvals.filter((a) => a.state !== "pending").sort((a, b) => at(b) - at(a) || b.id - a.id),
  };
}

/** What the request would let its requester do, in words. */
export function describeWrite(approval: Pick<Approval, "action" | "namespace" | "release" | "planHash" | "toRevision">): string {
  const release = `${approval.namespace}/${approval.release}`;
  switch (approval.action) {
    case "rollback":
      return `roll ${release} back to revision ${approval.toRevision ?? "?"}`;
    case "uninstall":
      return `uninstall ${release}`;
    default:
      return `${approval.action} plan ${shortHash(approval.planHash)} on ${release}`;
  }
}

/** The badge tone of each state. */
export const STATE_TONE = { pending: "warning", approved: "success", rejected: "danger", spent: "muted", expired: "muted" } as const;
