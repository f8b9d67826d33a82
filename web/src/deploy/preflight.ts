// Where each preflight problem belongs on the settings form, so the operator reads it next to
// the field that fixes it. Problems no field fixes (the chart's schema, a diff's warnings) go
// above the steps.
import type { PreflightProblem } from "../api/plans";

export type FormField = "serviceId" | "namespace" | "routing" | "gpuProducts";

export function fieldOf(problem: PreflightProblem): FormField | undefined {
  switch (problem.rule) {
    case "route-collision":
      return "routing";
    case "service-id":
      return "serviceId";
    case "gpu-fit":
      return "gpuProducts";
    case "release-identity":
      return problem.field === "namespace" ? "namespace" : "serviceId";
    default:
      return undefined;
  }
}

export interface PlacedProblems {
  byField: Partial<Record<FormField, string[]>>;
  unplaced: string[];
}

/** The plan's preflight problems by field, then the diff's warnings not already shown. */
export function placeProblems(problems: PreflightProblem[] = [], diffWarnings: string[] = []): PlacedProblems {
  const placed: PlacedProblems = { byField: {}, unplaced: [] };
  for (const problem of problems) {
    const field = fieldOf(problem);
    if (field) {
      (placed.byField[field] ??= []).push(problem.message);
    } else {
      placed.unplaced.push(problem.field ? `${problem.field}: ${problem.message}` : problem.message);
    }
  }
  const shown = new Set(problems.map((problem) => problem.message));
  for (const warning of diffWarnings) {
    if (!shown.has(warning) && !placed.unplaced.includes(warning)) {
      placed.unplaced.push(warning);
    }
  }
  return placed;
}
