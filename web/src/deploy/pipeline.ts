// The gated deploy steps: Plan → Diff → Install/Apply (or Roll back) → Status. A diff needs a
// plan, an apply needs the diff of that very plan, and the apply asserts the revision the diff
// saw and the chart archive it rendered. Any change to the form makes everything after it stale,
// so it is all dropped; answers to requests sent before the change are ignored when they arrive.
import { ApiError } from "../api/http";
import type { ApplyResult } from "../api/plans";

export type Step = "plan" | "diff" | "apply" | "status";

export const STEPS: readonly Step[] = ["plan", "diff", "apply", "status"];

/** What the pipeline needs of a plan and of a diff (a plan diff or a revision diff). */
export interface PlannedLike {
  hash: string;
}

export interface DiffLike {
  planHash: string;
  revision: number;
  exists: boolean;
  /** The plan's render differs from what is live; false: an apply would change nothing. */
  changed: boolean;
  /** `sha256:<hex>` of the chart archive the diff rendered; absent when the server does not know it. */
  chartDigest?: string;
}

export interface PipelineState<P extends PlannedLike = PlannedLike, D extends DiffLike = DiffLike> {
  /** Bumped by every form change: answers carrying an older one are stale. */
  generation: number;
  plan?: P;
  diff?: D;
  result?: ApplyResult;
  pending?: Step;
  failed?: { step: Step; error: unknown };
}

export type PipelineEvent<P extends PlannedLike = PlannedLike, D extends DiffLike = DiffLike> =
  | { type: "formChanged" }
  | { type: "started"; step: Exclude<Step, "status"> }
  | { type: "planned"; generation: number; plan: P }
  | { type: "diffed"; generation: number; diff: D }
  | { type: "applied"; generation: number; result: ApplyResult }
  | { type: "failed"; generation: number; step: Exclude<Step, "status">; error: unknown };

export function initialPipeline<P extends PlannedLike, D extends DiffLike>(plan?: P): PipelineState<P, D> {
  return { generation: 0, plan };
}

export function pipelineReducer<P extends PlannedLike, D extends DiffLike>(
  state: PipelineState<P, D>,
  event: PipelineEvent<P, D>,
): PipelineState<P, D> {
  if (event.type === "formChanged") {
    return { generation: state.generation + 1 };
  }
  if (event.type === "started") {
    return { ...state, pending: event.step, failed: undefined };
  }
  if (event.generation !== state.generation) {
    return state;
  }
  switch (event.type) {
    case "planned":
      return { generation: state.generation, plan: event.plan };
    case "diffed":
      // A diff of another plan than the one shown would pin the apply to the wrong thing.
      return state.plan?.hash === event.diff.planHash ? { ...state, diff: event.diff, result: undefined, pending: undefined } : { ...state, pending: undefined };
    case "applied":
      return { ...state, result: event.result, pending: undefined };
    case "failed":
      // A failed compose leaves no plan rather than a stale one.
      return event.step === "plan"
        ? { generation: state.generation, failed: { step: "plan", error: event.error } }
        : { ...state, pending: undefined, failed: { step: event.step, error: event.error } };
  }
}

export function canDiff(state: PipelineState): boolean {
  return state.plan !== undefined && state.pending === undefined && state.result === undefined;
}

/**
 * `deployedHash`: the hash of the plan the release runs now, when the page knows it. `adopting`:
 * the release is a helm release swiss does not keep, and the write adopts it.
 */
export function canApply(state: PipelineState, deployedHash?: string, adopting = false): boolean {
  return applyBlockedBecause(state, deployedHash, adopting) === undefined && state.pending === undefined && state.result === undefined;
}

/** Said when an adoption's diff is not empty: adopting records the plan and changes nothing. */
export const ADOPT_NEEDS_EMPTY_DIFF =
  "Adopting needs an empty diff: it writes the plan beside the release and changes nothing in it, so the plan must render what runs now. Change the form until Diff shows no change.";

/** Said when the last diff found nothing to change, in the text beside the steps and on the button. */
export const NOTHING_TO_APPLY = "The last diff shows no change: the release already runs what this would apply, so there is nothing to apply.";

/**
 * Why the apply step is closed, or undefined when it is open. An empty diff of the plan the
 * release already runs closes it: applying it would only make a helm revision that changes
 * nothing. Another plan whose render happens to be the same (values no template reads) stays
 * open, as applying it records the new plan beside the release; when the page does not know the
 * deployed plan, an empty diff is taken to mean there is nothing to apply.
 */
export function applyBlockedBecause(state: PipelineState, deployedHash?: string, adopting = false): string | undefined {
  if (state.plan === undefined || state.diff === undefined || state.diff.planHash !== state.plan.hash) {
    return "Diff first: only a plan a diff has checked can be applied";
  }
  if (adopting && state.diff.exists) {
    return state.diff.changed ? ADOPT_NEEDS_EMPTY_DIFF : undefined;
  }
  if (state.diff.exists && !state.diff.changed && (deployedHash === undefined || deployedHash === state.plan.hash)) {
    return NOTHING_TO_APPLY;
  }
  return undefined;
}

/** An empty diff of a plan other than the deployed one: applying changes no object, only the plan kept. */
export function onlyThePlanChanges(state: PipelineState, deployedHash?: string): boolean {
  return state.diff !== undefined && state.diff.exists && !state.diff.changed && deployedHash !== undefined && deployedHash !== state.plan?.hash;
}

/** The furthest step reached: where the step list says the operator is. */
export function currentStep(state: PipelineState): Step {
  return state.result ? "status" : state.diff ? "apply" : state.plan ? "diff" : "plan";
}

export type Action = "Install" | "Apply" | "Roll back" | "Adopt";

/** Install when the diff found no release; Adopt for one swiss does not keep; else an apply. */
export function actionOf(state: PipelineState, rollback: boolean, adopting = false): Action {
  if (rollback) {
    return "Roll back";
  }
  if (state.diff && !state.diff.exists) {
    return "Install";
  }
  return adopting ? "Adopt" : "Apply";
}

/** What an apply asserts about what the operator reviewed; the server refuses it (409) when any has moved. */
export interface ApplyAssertions {
  planHash: string;
  expectRevision: number;
  expectChartDigest?: string;
}

/**
 * What the apply asserts: the plan the diff compared, the live revision it compared it with and
 * the chart archive it rendered, so a chart version pushed again since the diff is not installed
 * unseen. A diff without a digest asserts none.
 */
export function applyRequest(state: PipelineState, deployedHash?: string, adopting = false): ApplyAssertions {
  if (!canApply(state, deployedHash, adopting)) {
    throw new Error("apply needs a diff of the current plan");
  }
  const { revision, chartDigest } = state.diff!;
  return { planHash: state.plan!.hash, expectRevision: revision, ...(chartDigest ? { expectChartDigest: chartDigest } : {}) };
}

/**
 * A rollback refused because the repository now serves another archive under the chart version
 * the revision ran (the version was pushed again): the one refusal that `forceChart` gets past,
 * and that diffing again does not. The server's message names the flag.
 */
export function needsForceChart(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.message.includes("forceChart");
}

