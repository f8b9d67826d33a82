import type { Plan } from "../api/plans";
import { mergeLayers } from "./placement";

// Kubernetes' defaults for a probe that leaves these out.
const DEFAULT_PERIOD = 10;
const DEFAULT_FAILURE_THRESHOLD = 3;

/** `initialDelaySeconds + failureThreshold × periodSeconds` of the plan's startup probe; undefined without one. */
export function startupBudgetSeconds(plan: Plan | undefined): number | undefined {
  const probe = mergeLayers(plan?.layers).startupProbe;
  if (typeof probe !== "object" || probe === null || Array.isArray(probe)) {
    return undefined;
  }
  const { initialDelaySeconds, periodSeconds, failureThreshold } = probe as Record<string, unknown>;
  const positive = (value: unknown, fallback: number) => (typeof value === "number" && value > 0 ? value : fallback);
  return positive(initialDelaySeconds, 0) + positive(failureThreshold, DEFAULT_FAILURE_THRESHOLD) * positive(periodSeconds, DEFAULT_PERIOD);
}
