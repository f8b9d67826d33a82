import type { PodView } from "../../api/releases";
import { cx } from "../ui/cx";
import { formatDuration } from "./format";
import { currentStage, podStages, startupSpend } from "./podStages";

/**
 * Each pod's way to ready, one row of steps per pod (scheduled → image pulled → started →
 * startup probe passing → ready), with the time its engine has spent starting against the
 * startup probe's budget: a 20–40 minute model load as something to watch.
 */
export function PodStartup({ pods, budgetSeconds }: { pods: PodView[]; budgetSeconds?: number }) {
  const shown = pods.filter((pod) => pod.milestones);
  if (shown.length === 0) {
    return null;
  }
  return (
    <div className="mt-3 flex flex-col gap-3">
      {shown.map((pod) => (
        <PodSteps key={pod.name} pod={pod} budgetSeconds={budgetSeconds} />
      ))}
    </div>
  );
}

function PodSteps({ pod, budgetSeconds }: { pod: PodView; budgetSeconds?: number }) {
  const stages = podStages(pod)!;
  const now = currentStage(stages);
  const spend = startupSpend(pod, budgetSeconds);
  return (
    <div className="flex flex-col gap-1">
      <p className="font-mono text-xs text-slate-800">{pod.name}</p>
      <ol aria-label={`Startup of ${pod.name}`} className="flex flex-wrap items-center gap-1 text-xs">
        {stages.map((stage, index) => (
          <li
            key={stage.name}
            aria-current={stage.name === now ? "step" : undefined}
            className={cx(
              "flex items-center gap-1 rounded px-1.5 py-0.5",
              stage.done ? "bg-green-100 text-green-900" : stage.name === now ? "bg-amber-100 font-medium text-amber-900 ring-1 ring-amber-400" : "bg-slate-100 text-slate-700",
            )}
          >
            <span aria-hidden="true">{stage.done ? "✓" : index + 1}</span>
            <span>{stage.name}</span>
            <span className="sr-only">{stage.done ? "(done)" : stage.name === now ? "(now)" : "(not yet)"}</span>
            {stage.done && stage.afterSeconds !== undefined && <span className="text-green-800">+{formatDuration(stage.afterSeconds)}</span>}
          </li>
        ))}
      </ol>
      {spend && (
        <p className="flex items-center gap-2 text-xs text-slate-700">
          <progress
            className="h-1.5 w-40"
            max={1}
            value={Math.min(1, spend.elapsed / spend.budget)}
            aria-label={`${pod.name} startup time against its probe's budget`}
          />
          {pod.ready ? "started in" : "starting for"} {formatDuration(spend.elapsed)} of the startup probe's {formatDuration(spend.budget)}
        </p>
      )}
    </div>
  );
}
