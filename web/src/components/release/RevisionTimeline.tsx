import { useQueries, useQuery } from "@tanstack/react-query";
import type { Plan } from "../../api/plans";
import { plansApi } from "../../api/plans";
import { queryKeys } from "../../api/queryKeys";
import type { PlanStatus } from "../../api/releases";
import { runsApi } from "../../api/runs";
import { usePollInterval } from "../../live/LiveUpdates";
import { Badge } from "../ui/Badge";
import { Card } from "../ui/Card";
import { Digest } from "../ui/Digest";
import { Empty, ErrorState, Loading } from "../ui/States";
import { formatTime } from "./format";
import { useRevisions } from "./RevisionsCard";
import { buildTimeline, type TimelineEntry } from "./timeline";

/**
 * The release's revisions as a timeline (action, actor, note, what moved), from the revisions kept
 * beside the release joined with the audit log's runs; both refetch on the release's live events.
 */
export function RevisionTimeline({ namespace, release, planStatus }: { namespace: string; release: string; planStatus?: PlanStatus }) {
  const revisions = useRevisions(namespace, release);
  const runs = useQuery({
    queryKey: queryKeys.runs(namespace, release, ""),
    queryFn: () => runsApi.list({ namespace, release }),
    refetchInterval: usePollInterval(),
  });
  // An archived plan never changes. A revision lists its model or its plan's hash only when a
  // plan of it is kept, so no other is asked for (it would answer 404).
  const kept = (revisions.data?.revisions ?? []).filter((revision) => revision.planHash || revision.model);
  const plans = useQueries({
    queries: kept.map((revision) => ({
      queryKey: queryKeys.revisionPlan(namespace, release, revision.revision),
      queryFn: () => plansApi.revisionPlan(namespace, release, revision.revision),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const byRevision = new Map<number, Plan>();
  kept.forEach((revision, index) => {
    const plan = plans[index]?.data;
    if (plan) {
      byRevision.set(revision.revision, plan);
    }
  });
  return (
    <Card title="Timeline">
      {revisions.isPending ? (
        <Loading what="the revisions" />
      ) : revisions.isError ? (
        <ErrorState error={revisions.error} retry={() => void revisions.refetch()} />
      ) : revisions.data.revisions.length === 0 ? (
        <Empty>No revisions.</Empty>
      ) : (
        <ol aria-label={`Timeline of ${release}`} className="flex flex-col">
          {buildTimeline(revisions.data.revisions, runs.data?.runs ?? [], planStatus, byRevision).map((entry) => (
            <TimelineItem key={entry.revision} entry={entry} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  return (
    <li aria-label={`Revision ${entry.revision}`} className="relative border-l-2 border-slate-200 pb-4 pl-4 last:pb-0">
      <span aria-hidden="true" className={`absolute top-1.5 -left-[7px] h-3 w-3 rounded-full ${entry.current ? "bg-green-600" : "bg-slate-400"}`} />
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Revision {entry.revision}</span>
        <span>{entry.action}</span>
        {entry.current && <Badge tone="success">live</Badge>}
        <span className="text-slate-700">
          {entry.actor ? `by ${entry.actor}` : entry.runId === undefined ? "not through this server (no run recorded)" : ""}
        </span>
        {entry.approvedBy && <span className="text-slate-700">approved by {entry.approvedBy}</span>}
        {entry.at && <span className="text-xs text-slate-600">{formatTime(entry.at)}</span>}
        {entry.inferred && <span className="text-xs text-slate-600">(action inferred from the revisions)</span>}
        {entry.chartDigest && (
          <span className="text-xs text-slate-700">
            chart <Digest digest={entry.chartDigest} />
          </span>
        )}
      </p>
      {entry.note && <p className="text-sm text-slate-800">“{entry.note}”</p>}
      {entry.moved.length > 0 && (
        <ul aria-label={`What moved in revision ${entry.revision}`} className="mt-1 flex flex-wrap gap-1.5">
          {entry.moved.map((move) => (
            <li key={move} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
              {move}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
