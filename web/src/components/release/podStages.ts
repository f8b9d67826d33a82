// A pod's startup as steps in order (scheduled → image pulled → started → startup probe passing
// → ready), each done or not, with when it happened counted from the pod's creation, and how the
// time spent so far compares with the startup probe's budget.
import type { PodView } from "../../api/releases";

export const STAGES = ["scheduled", "image pulled", "started", "startup probe passing", "ready"] as const;

export type StageName = (typeof STAGES)[number];

export interface Stage {
  name: StageName;
  done: boolean;
  /** Seconds after the pod's creation; undefined when Kubernetes keeps no time for it. */
  afterSeconds?: number;
}

function secondsBetween(from: string | undefined, to: string | undefined): number | undefined {
  if (!from || !to) {
    return undefined;
  }
  const seconds = (Date.parse(to) - Date.parse(from)) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : undefined;
}

/** The stages in order; a later stage done means every earlier one is, whatever was recorded. */
export function podStages(pod: PodView): Stage[] | undefined {
  const m = pod.milestones;
  if (!m) {
    return undefined;
  }
  const raw: Array<[StageName, boolean, string | undefined]> = [
    ["scheduled", !!m.scheduledAt || !!pod.node, m.scheduledAt],
    ["image pulled", m.imagePulled, undefined],
    ["started", !!m.startedAt, m.startedAt],
    ["startup probe passing", m.startupPassed, undefined],
    ["ready", !!m.readyAt || pod.ready, m.readyAt],
  ];
  const lastDone = raw.reduce((last, [, done], index) => (done ? index : last), -1);
  return raw.map(([name, , at], index) => ({ name, done: index <= lastDone, afterSeconds: secondsBetween(m.createdAt, at) }));
}

/** The first stage not reached: where the pod is now; undefined once it is ready. */
export function currentStage(stages: Stage[]): StageName | undefined {
  return stages.find((stage) => !stage.done)?.name;
}

/**
 * Seconds the engine has spent starting (until ready, or until now) against the startup probe's
 * budget: the pod's own progress while it loads, else the start → ready span and the plan's budget.
 */
export function startupSpend(pod: PodView, planBudgetSeconds: number | undefined): { elapsed: number; budget: number } | undefined {
  if (pod.startup && pod.startup.budgetSeconds > 0) {
    return { elapsed: pod.startup.elapsedSeconds, budget: pod.startup.budgetSeconds };
  }
  const took = secondsBetween(pod.milestones?.startedAt, pod.milestones?.readyAt);
  return took !== undefined && planBudgetSeconds ? { elapsed: took, budget: planBudgetSeconds } : undefined;
}
