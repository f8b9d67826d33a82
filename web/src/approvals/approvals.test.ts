import { describe, expect, it } from "vitest";
import { ApiError } from "../api/http";
import { approval } from "../test/approvals";
import {
  approvalFor,
  approvalSections,
  approveBlockedBecause,
  describeWrite,
  isApprovalRefusal,
  needsApproval,
  rejectBlockedBecause,
  writeWaitsBecause,
  type ApprovalTarget,
} from "./approvals";

const apply: ApprovalTarget = { action: "apply", namespace: "models", release: "qwen3-8b", planHash: "sha256:p1", revision: 7 };

describe("needsApproval", () => {
  it("follows the profile, or a refusal whose reason is the missing approval", () => {
    expect(needsApproval(true)).toBe(true);
    expect(needsApproval(undefined)).toBe(false);
    expect(needsApproval(false, new ApiError("apply needs an approval: request one with POST /api/approvals", 409, "approvalRequired"))).toBe(true);
    expect(needsApproval(false, new ApiError("release moved from revision 7 to 8", 409))).toBe(false);
    // The words alone decide nothing: only the reason the server names does.
    expect(isApprovalRefusal(new ApiError("apply needs an approval", 409))).toBe(false);
    expect(isApprovalRefusal(new Error("approval"))).toBe(false);
  });
});

describe("approvalFor", () => {
  it("finds the newest request of this very write by this user", () => {
    const list = [approval({ id: 1, state: "rejected" }), approval({ id: 3, state: "approved" }), approval({ id: 2 })];
    expect(approvalFor(list, apply, "alice")?.id).toBe(3);
  });

  it("ignores another plan, another action, another release, another revision and another requester", () => {
    const list = [
      approval({ id: 1, planHash: "sha256:p2" }),
      approval({ id: 2, action: "install" }),
      approval({ id: 3, release: "other" }),
      approval({ id: 4, revision: 6 }),
      approval({ id: 5, requestedBy: "bob" }),
    ];
    expect(approvalFor(list, apply, "alice")).toBeUndefined();
    expect(approvalFor(list, apply, "bob")?.id).toBe(5);
  });

  it("binds the chart digest the write pins: a request for another digest is another write", () => {
    const pinned: ApprovalTarget = { ...apply, chartDigest: "sha256:c1" };
    const list = [approval({ id: 1 }), approval({ id: 2, chartDigest: "sha256:c2" }), approval({ id: 3, chartDigest: "sha256:c1" })];
    expect(approvalFor(list, pinned, "alice")?.id).toBe(3);
    expect(approvalFor(list, apply, "alice")?.id).toBe(1);
  });

  it("matches a rollback by the revision it restores and an uninstall by the release alone", () => {
    const rollback = approval({ id: 9, action: "rollback", planHash: undefined, toRevision: 3 });
    const uninstall = approval({ id: 10, action: "uninstall", planHash: undefined });
    const target: ApprovalTarget = { action: "rollback", namespace: "models", release: "qwen3-8b", toRevision: 3 };
    expect(approvalFor([rollback, uninstall], target)?.id).toBe(9);
    expect(approvalFor([rollback], { ...target, toRevision: 2 })).toBeUndefined();
    expect(approvalFor([rollback, uninstall], { action: "uninstall", namespace: "models", release: "qwen3-8b" })?.id).toBe(10);
  });
});

describe("writeWaitsBecause", () => {
  it("lets the write through only once approved", () => {
    expect(writeWaitsBecause(approval({ state: "approved" }))).toBeUndefined();
    expect(writeWaitsBecause(approval({ id: 4 }))).toMatch(/request 4 is pending/);
    expect(writeWaitsBecause(undefined)).toMatch(/^Request approval first/);
    expect(writeWaitsBecause(approval({ id: 4, state: "expired" }))).toBe("Request approval again: request 4 is expired");
    expect(writeWaitsBecause(approval({ state: "spent" }))).toMatch(/again/);
  });
});

describe("who may decide", () => {
  it("refuses the requester their own approval", () => {
    expect(approveBlockedBecause(approval(), "alice")).toBe("You asked for this: another user must approve it");
    expect(approveBlockedBecause(approval(), "bob")).toBeUndefined();
  });

  it("keeps approving to the profile's approvers when it names some", () => {
    expect(approveBlockedBecause(approval(), "carol", ["bob"])).toBe("Only bob may approve on this site");
    expect(approveBlockedBecause(approval(), "bob", ["bob"])).toBeUndefined();
  });

  it("decides only pending requests", () => {
    expect(approveBlockedBecause(approval({ state: "approved" }), "bob")).toMatch(/only a pending request/);
    expect(rejectBlockedBecause(approval({ state: "spent" }), "bob")).toMatch(/only a pending request/);
  });

  it("lets the requester withdraw and an approver reject, nobody else when approvers are named", () => {
    expect(rejectBlockedBecause(approval(), "alice", ["bob"])).toBeUndefined();
    expect(rejectBlockedBecause(approval(), "bob", ["bob"])).toBeUndefined();
    expect(rejectBlockedBecause(approval(), "carol", ["bob"])).toMatch(/^Only the requester or bob/);
    expect(rejectBlockedBecause(approval(), "carol")).toBeUndefined();
  });
});

describe("approvalSections", () => {
  it("puts pending requests first, longest waiting on top, then the rest newest first", () => {
    const list = [
      approval({ id: 1, state: "spent", requestedAt: "2026-12-01T00:00:00Z" }),
      approval({ id: 2, state: "pending", requestedAt: "2026-12-02T10:00:00Z" }),
      approval({ id: 3, state: "rejected", requestedAt: "2026-12-02T00:00:00Z" }),
      approval({ id: 4, state: "pending", requestedAt: "2026-12-02T09:00:00Z" }),
    ];
    const { pending, recent } = approvalSections(list);
    expect(pending.map((a) => a.id)).toEqual([4, 2]);
    expect(recent.map((a) => a.id)).toEqual([3, 1]);
  });
});

describe("words", () => {
  it("says what a request allows", () => {
    expect(describeWrite(approval())).toBe("apply plan sha256:p1 on models/qwen3-8b");
    expect(describeWrite(approval({ action: "rollback", toRevision: 2 }))).toBe("roll models/qwen3-8b back to revision 2");
    expect(describeWrite(approval({ action: "uninstall" }))).toBe("uninstall models/qwen3-8b");
  });
});
