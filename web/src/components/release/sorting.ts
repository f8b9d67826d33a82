import type { DeploymentRow } from "../../api/deployments";

/**
 * Untracked releases first (a helm release swiss did not deploy is how two engines end up on
 * one set of GPUs), then by release name, then namespace. The server pages by namespace then
 * name, so this orders the rows of one page.
 */
export function sortDeployments(rows: readonly DeploymentRow[]): DeploymentRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(Boolean(b.untracked)) - Number(Boolean(a.untracked)) ||
      a.release.localeCompare(b.release) ||
      a.namespace.localeCompare(b.namespace),
  );
}

/** A row swiss has a plan for (its own, or an LLMService's spec), so it can be upgraded. */
export const isManaged = (row: DeploymentRow) => !row.untracked;

/** A service that runs now, so its scaling can be tuned. */
export const isLive = (row: DeploymentRow) => isManaged(row) && row.status === "deployed";
