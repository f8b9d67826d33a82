import { describe, expect, it } from "vitest";
import { ApiError } from "../api/http";
import type { ApplyResult } from "../api/plans";
import {
  actionOf,
  applyBlockedBecause,
  applyRequest,
  canApply,
  canDiff,
  currentStep,
  initialPipeline,
  needsForceChart,
  pipelineReducer,
  type DiffLike,
  type PipelineEvent,
  type PipelineState,
  type PlannedLike,
  ADOPT_NEEDS_EMPTY_DIFF,
  NOTHING_TO_APPLY,
  onlyThePlanChanges,
} from "./pipeline";

type State = PipelineState<PlannedLike, DiffLike>;
const run = (...events: PipelineEvent[]): State => events.reduce<State>(pipelineReducer, initialPipeline());
const planned = (hash = "sha256:p1", generation = 0): PipelineEvent => ({ type: "planned", generation, plan: { hash } });
const diffed = (planHash = "sha256:p1", revision = 7, exists = true, generation = 0, changed = true): PipelineEvent => ({
  type: "diffed",
  generation,
  diff: { planHash, revision, exists, changed },
});
const result: ApplyResult = { planHash: "sha256:p1", release: "chat", revision: 8, output: "", status: "applied", statusError: "", changed: true };

describe("pipeline gating", () => {
  it("allows no diff without a plan", () => {
    const state = run();
    expect(canDiff(state)).toBe(false);
    expect(canApply(state)).toBe(false);
    expect(currentStep(state)).toBe("plan");
    expect(canDiff(run(planned()))).toBe(true);
  });

  it("allows no apply without a diff of the same plan", () => {
    expect(canApply(run(planned()))).toBe(false);
    expect(() => applyRequest(run(planned()))).toThrow();
    expect(canApply(run(planned(), diffed("sha256:other")))).toBe(false);
    expect(canApply(run(planned(), diffed()))).toBe(true);
    expect(currentStep(run(planned(), diffed()))).toBe("apply");
  });

  it("allows no apply after a diff that found no change, and says why", () => {
    const unchanged = run(planned(), diffed("sha256:p1", 7, true, 0, false));
    expect(canApply(unchanged)).toBe(false);
    expect(applyBlockedBecause(unchanged)).toBe(NOTHING_TO_APPLY);
    expect(() => applyRequest(unchanged)).toThrow();
    expect(applyBlockedBecause(run(planned(), diffed()))).toBeUndefined();
  });

  it("allows an apply of another plan than the deployed one whose render is the same, as it records the plan", () => {
    const unchanged = run(planned(), diffed("sha256:p1", 7, true, 0, false));
    expect(canApply(unchanged, "sha256:deployed")).toBe(true);
    expect(onlyThePlanChanges(unchanged, "sha256:deployed")).toBe(true);
    expect(canApply(unchanged, "sha256:p1")).toBe(false);
    expect(onlyThePlanChanges(unchanged, "sha256:p1")).toBe(false);
  });

  it("adopts a release swiss does not keep only when the diff is empty, and says why otherwise", () => {
    const unchanged = run(planned(), diffed("sha256:p1", 2, true, 0, false));
    const changed = run(planned(), diffed("sha256:p1", 2, true, 0, true));
    expect(canApply(unchanged, undefined, true)).toBe(true);
    expect(actionOf(unchanged, false, true)).toBe("Adopt");
    expect(applyRequest(unchanged, undefined, true)).toEqual({ planHash: "sha256:p1", expectRevision: 2 });
    expect(canApply(changed, undefined, true)).toBe(false);
    expect(applyBlockedBecause(changed, undefined, true)).toBe(ADOPT_NEEDS_EMPTY_DIFF);
    expect(actionOf(run(planned(), diffed("sha256:p1", 0, false)), false, true)).toBe("Install");
  });

  it("allows an install of a release that does not exist whatever the diff's changed says", () => {
    expect(canApply(run(planned(), diffed("sha256:p1", 0, false, 0, false)))).toBe(true);
  });

  it("sends the plan's hash and the revision the diff saw", () => {
    expect(applyRequest(run(planned(), diffed("sha256:p1", 7)))).toEqual({ planHash: "sha256:p1", expectRevision: 7 });
  });

  it("pins the chart archive the diff rendered, and asserts none when the diff had no digest", () => {
    const digest = "sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b";
    const withDigest: PipelineEvent = { type: "diffed", generation: 0, diff: { planHash: "sha256:p1", revision: 7, exists: true, changed: true, chartDigest: digest } };
    expect(applyRequest(run(planned(), withDigest))).toEqual({ planHash: "sha256:p1", expectRevision: 7, expectChartDigest: digest });
    // A diff without a digest: the key is left out, not sent empty.
    expect(Object.keys(applyRequest(run(planned(), diffed("sha256:p1", 7))))).not.toContain("expectChartDigest");
  });

  it("installs when the diff found no release, applies otherwise, rolls back on a rollback", () => {
    expect(actionOf(run(planned(), diffed("sha256:p1", 0, false)), false)).toBe("Install");
    expect(actionOf(run(planned(), diffed("sha256:p1", 3, true)), false)).toBe("Apply");
    expect(actionOf(run(planned()), false)).toBe("Apply");
    expect(actionOf(run(planned(), diffed()), true)).toBe("Roll back");
  });

  it("drops plan, diff and result on a form change", () => {
    const applied = run(planned(), diffed(), { type: "applied", generation: 0, result });
    expect(currentStep(applied)).toBe("status");
    const changed = pipelineReducer(applied, { type: "formChanged" });
    expect(changed).toEqual({ generation: 1 });
    expect(canDiff(changed)).toBe(false);
    expect(canApply(changed)).toBe(false);
  });

  it("ignores answers to requests sent before the form changed", () => {
    const changed = run({ type: "started", step: "plan" }, { type: "formChanged" });
    expect(pipelineReducer(changed, planned("sha256:stale", 0)).plan).toBeUndefined();
    expect(pipelineReducer(changed, planned("sha256:fresh", 1)).plan).toEqual({ hash: "sha256:fresh" });
    const diffAfterChange = pipelineReducer(run(planned(), { type: "formChanged" }, planned("sha256:p2", 1)), diffed("sha256:p2", 7, true, 0));
    expect(diffAfterChange.diff).toBeUndefined();
  });

  it("a new plan discards the previous diff, so apply needs a new one", () => {
    const replanned = run(planned(), diffed(), planned("sha256:p2"));
    expect(replanned.diff).toBeUndefined();
    expect(canApply(replanned)).toBe(false);
  });

  it("a failed compose clears the previous plan; a failed apply keeps the diff to retry", () => {
    const failedPlan = run(planned(), diffed(), { type: "started", step: "plan" }, { type: "failed", generation: 0, step: "plan", error: new Error("no") });
    expect(failedPlan.plan).toBeUndefined();
    expect(failedPlan.failed?.step).toBe("plan");
    const failedApply = run(planned(), diffed(), { type: "started", step: "apply" }, { type: "failed", generation: 0, step: "apply", error: new Error("409") });
    expect(failedApply.diff).toBeDefined();
    expect(failedApply.pending).toBeUndefined();
    expect(canApply(failedApply)).toBe(true);
  });

  it("allows nothing while a step is in flight, and no second apply after success", () => {
    const inFlight = run(planned(), diffed(), { type: "started", step: "apply" });
    expect(canApply(inFlight)).toBe(false);
    expect(canDiff(inFlight)).toBe(false);
    const done = run(planned(), diffed(), { type: "applied", generation: 0, result });
    expect(canApply(done)).toBe(false);
  });
});

describe("needsForceChart", () => {
  it("is a 409 naming forceChart, and nothing else", () => {
    const moved = "rollback of models/chat to revision 2 refused, nothing was written: that revision ran chart sglang 0.8.0 with digest sha256:aaa, and the chart has sha256:bbb now (the version was pushed again). Roll back anyway with forceChart (swiss rollback --force-chart), which is recorded, or apply a plan with a chart version you have reviewed";
    expect(needsForceChart(new ApiError(moved, 409))).toBe(true);
    expect(needsForceChart(new ApiError("release moved from revision 7 to 8 since you looked; re-check it before applying", 409))).toBe(false);
    expect(needsForceChart(new ApiError(moved, 400))).toBe(false);
    expect(needsForceChart(new Error(moved))).toBe(false);
  });
});
