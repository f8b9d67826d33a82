// What an uninstall costs, said before it is confirmed: the GPUs its pods give up (someone else
// may take them) and the weights a deploy of it again must load from cold.
import type { NodesReport } from "../api/nodes";
import type { Plan } from "../api/plans";
import type { StatusReport } from "../api/releases";
import { gpusHeldBy, mergeLayers } from "./placement";
import { startupBudgetSeconds } from "./startupBudget";

export interface UninstallCost {
  pods: number;
  /** GPUs the release's pods hold now; undefined when the node inventory cannot tell. */
  gpusFreed?: number;
  model?: string;
  weightsPath?: string;
  startupBudgetSeconds?: number;
}

export function uninstallCost(status: StatusReport, plan: Plan | undefined, inventory: NodesReport | undefined): UninstallCost {
  const held = status.pods.map((pod) => gpusHeldBy(inventory, { namespace: status.namespace, ...pod }));
  const localPath = (mergeLayers(plan?.layers).model as Record<string, unknown> | undefined)?.localPath;
  return {
    pods: status.pods.length,
    gpusFreed: held.some((gpus) => gpus === undefined) ? undefined : held.reduce<number>((sum, gpus) => sum + (gpus ?? 0), 0),
    model: plan?.source.model,
    weightsPath: typeof localPath === "string" ? localPath : undefined,
    startupBudgetSeconds: startupBudgetSeconds(plan),
  };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The cost in sentences, most expensive first. */
export function describeCost(cost: UninstallCost): string[] {
  const gpus =
    cost.gpusFreed === undefined
      ? `Stops ${plural(cost.pods, "pod")}; the GPUs they hold could not be read.`
      : cost.gpusFreed === 0
        ? `Stops ${plural(cost.pods, "pod")}; they hold no GPUs, so none are freed.`
        : `Stops ${plural(cost.pods, "pod")} and frees the ${plural(cost.gpusFreed, "GPU")} they hold.`;
  const budget = cost.startupBudgetSeconds ? `, which its startup probe allows up to ${Math.round(cost.startupBudgetSeconds / 60)} min` : "";
  const weights = `Deploying it again loads the weights${cost.model ? ` of ${cost.model}` : ""}${cost.weightsPath ? ` from ${cost.weightsPath}` : ""} from cold${budget}.`;
  return [gpus, weights];
}
