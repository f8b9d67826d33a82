import { useQuery } from "@tanstack/react-query";
import { Fragment, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { clusterApi } from "../api/cluster";
import { releasesApi, type Revision } from "../api/releases";
import { runsApi, type Run, type RunFilter } from "../api/runs";
import { Button } from "../components/ui/Button";
import { Badge } from "../components/ui/Badge";
import { Card } from "../components/ui/Card";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { Table, Td, Th } from "../components/ui/Table";
import { textLink } from "../components/release/ButtonLink";
import { formatTime, formatTook } from "../components/release/format";
import { detailPath } from "../components/release/paths";
import { canRollBackTo, RevisionsTable, RollBackLink, useRevisions } from "../components/release/RevisionsCard";
import { filterFromParams, oneRelease, paramsFromFilter, RUN_ACTIONS } from "../components/release/runFilter";
import { usePollInterval } from "../live/LiveUpdates";
import { queryKeys } from "../api/queryKeys";

export default function Runs() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const single = oneRelease(filter);
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  const runs = useQuery({ queryKey: queryKeys.runs(filter.namespace ?? "", filter.release ?? "", filter.action ?? ""), queryFn: () => runsApi.list(filter), refetchInterval: usePollInterval() });
  const revisions = useRevisions(single?.namespace ?? "", single?.release ?? "", single !== null);
  const canWrite = cluster.data?.allowDeploy === true;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">{single ? `History of ${single.release}` : "Operations"}</h1>
      <RunFilterForm key={params.toString()} filter={filter} apply={(next) => setParams(paramsFromFilter(next))} />
      {runs.isPending ? (
        <Loading what="the operation log" />
      ) : runs.isError ? (
        <ErrorState error={runs.error} retry={() => void runs.refetch()} />
      ) : (
        <>
          {!runs.data.hasStore && (
            <p role="status" className="rounded bg-slate-100 p-2 text-sm text-slate-800">
              This server keeps no log (it has no database).{single ? " Rollback targets still come from the cluster, below." : ""}
            </p>
          )}
          {runs.data.runs.length === 0 ? (
            <Empty>{Object.keys(filter).length > 0 ? "No runs match these filters." : "No runs recorded yet."}</Empty>
          ) : (
            <RunsTable runs={runs.data.runs} revisions={single ? revisions.data?.revisions : undefined} canWrite={canWrite} single={single !== null} />
          )}
        </>
      )}
      {single && (
        <UnloggedRevisions namespace={single.namespace} release={single.release} runs={runs.data?.runs ?? []} revisions={revisions} canWrite={canWrite} />
      )}
    </div>
  );
}

function RunFilterForm({ filter, apply }: { filter: RunFilter; apply: (filter: RunFilter) => void }) {
  const [namespace, setNamespace] = useState(filter.namespace ?? "");
  const [release, setRelease] = useState(filter.release ?? "");
  // The action select applies at once; the text fields wait for Filter so typing does not fetch.
  const action = filter.action ?? "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ namespace, release, action });
  };
  const input = "rounded-md border border-slate-300 px-2 py-1.5 text-sm";
  return (
    <form onSubmit={submit} aria-label="Filter runs" className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Namespace
        <input className={input} name="namespace" value={namespace} onChange={(event) => setNamespace(event.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Release
        <input className={input} name="release" value={release} onChange={(event) => setRelease(event.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Action
        <select className={input} name="action" value={action} onChange={(event) => apply({ namespace, release, action: event.target.value })}>
          <option value="">all</option>
          {RUN_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {(filter.namespace || filter.release || filter.action) && (
        <Link to="/runs" className={`text-sm ${textLink}`}>
          Clear filters
        </Link>
      )}
    </form>
  );
}

function RunsTable({ runs, revisions, canWrite, single }: { runs: Run[]; revisions?: Revision[]; canWrite: boolean; single: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const live = revisions?.find((revision) => revision.current)?.revision;
  const rollbackTargets = new Set((revisions ?? []).filter(canRollBackTo).map((revision) => revision.revision));
  const columns = single ? 12 : 11;
  return (
    <Table caption="Runs, newest first">
      <thead>
        <tr>
          <Th>
            <span className="sr-only">Output</span>
          </Th>
          <Th>When</Th>
          <Th>Action</Th>
          <Th>Actor</Th>
          <Th>Approved by</Th>
          <Th>Release</Th>
          <Th>Result</Th>
          <Th>Took</Th>
          <Th>Rev</Th>
          <Th>Plan</Th>
          <Th>Note</Th>
          {single && (
            <Th>
              <span className="sr-only">Roll back</span>
            </Th>
          )}
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <Fragment key={run.id}>
            <tr>
              <Td>
                <button
                  type="button"
                  className="rounded px-1 text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  aria-expanded={open === run.id}
                  aria-label={`Output of run ${run.id}`}
                  aria-controls={`run-${run.id}-output`}
                  onClick={() => setOpen(open === run.id ? null : run.id)}
                >
                  <span aria-hidden="true">{open === run.id ? "▾" : "▸"}</span>
                </button>
              </Td>
              <Td className="whitespace-nowrap">{formatTime(run.startedAt)}</Td>
              <Td>
                <Badge tone={run.action === "uninstall" || run.action === "rollback" ? "warning" : "info"}>{run.action}</Badge>
              </Td>
              <Td>{run.actor ?? ""}</Td>
              <Td>{run.approvedBy ?? ""}</Td>
              <Td>
                <Link to={detailPath(run.namespace, run.release)} className={textLink}>
                  {run.release}
                </Link>
                <p className="text-xs text-slate-600">{run.namespace}</p>
              </Td>
              <Td>
                <RunResult run={run} />
              </Td>
              <Td className="whitespace-nowrap">{formatTook(run.startedAt, run.endedAt)}</Td>
              <Td>
                {run.revision ?? ""} {run.revision !== undefined && run.revision === live && <Badge tone="success">live</Badge>}
              </Td>
              <Td className="font-mono text-xs">{run.planHash.slice(0, 12)}</Td>
              <Td className="text-xs italic text-slate-700">{run.note ?? ""}</Td>
              {single && (
                <Td>
                  {canWrite && run.revision !== undefined && rollbackTargets.has(run.revision) && (
                    <RollBackLink namespace={run.namespace} release={run.release} revision={run.revision} />
                  )}
                </Td>
              )}
            </tr>
            {open === run.id && (
              <tr id={`run-${run.id}-output`}>
                <td colSpan={columns} className="border-b border-slate-200 bg-slate-50 p-3">
                  <RunDetails run={run} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}

function RunResult({ run }: { run: Run }) {
  if (run.error) {
    return (
      <span className="flex flex-col">
        <Badge tone="danger">failed</Badge>
        <span className="max-w-xs text-xs text-red-800">{run.error}</span>
      </span>
    );
  }
  if (run.action === "diff") {
    return <Badge tone="neutral">{run.changed ? "changes" : "no changes"}</Badge>;
  }
  return <Badge tone="success">ok</Badge>;
}

/** The run's output (not in the list: it can be tens of KB) and the helm values of its revision. */
function RunDetails({ run }: { run: Run }) {
  const detail = useQuery({ queryKey: queryKeys.run(run.id), queryFn: () => runsApi.run(run.id), staleTime: Infinity });
  const revision = run.revision;
  const values = useQuery({
    queryKey: queryKeys.revisionValues(run.namespace, run.release, revision ?? 0),
    queryFn: () => releasesApi.revisionValues(run.namespace, run.release, revision ?? 0),
    enabled: revision !== undefined && run.action !== "uninstall",
    staleTime: Infinity,
    retry: false,
  });
  return (
    <div className="flex flex-col gap-3">
      <section aria-label={`Output of run ${run.id}`}>
        <h3 className="text-sm font-medium">Output</h3>
        {detail.isPending ? (
          <Loading what="the run's output" />
        ) : detail.isError ? (
          <ErrorState error={detail.error} retry={() => void detail.refetch()} />
        ) : (
          <pre className="max-h-96 overflow-auto rounded bg-white p-2 text-xs">{detail.data.output || "No output recorded."}</pre>
        )}
      </section>
      {revision !== undefined && run.action !== "uninstall" && (
        <details>
          <summary className="cursor-pointer text-sm text-indigo-800">Helm values of revision {revision}</summary>
          {values.isPending ? (
            <Loading what="the revision's values" />
          ) : values.isError ? (
            <ErrorState error={values.error} />
          ) : (
            <pre className="max-h-96 overflow-auto rounded bg-white p-2 text-xs">{values.data.supplied || values.data.suppliedError || values.data.all}</pre>
          )}
        </details>
      )}
    </div>
  );
}

/** Revisions the cluster still has that no run in this log produced: still rollback targets. */
function UnloggedRevisions({
  namespace,
  release,
  runs,
  revisions,
  canWrite,
}: {
  namespace: string;
  release: string;
  runs: Run[];
  revisions: ReturnType<typeof useRevisions>;
  canWrite: boolean;
}) {
  const logged = new Set(runs.map((run) => run.revision));
  return (
    <Card title="Revisions in the cluster">
      {revisions.isPending ? (
        <Loading what="the revisions" />
      ) : revisions.isError ? (
        <ErrorState error={revisions.error} retry={() => void revisions.refetch()} />
      ) : (
        (() => {
          const unlogged = revisions.data.revisions.filter((revision) => !logged.has(revision.revision));
          return unlogged.length === 0 ? (
            <Empty>Every revision in the cluster has a row in the log above.</Empty>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-700">In the cluster with no entry in this log — still rollback targets.</p>
              <RevisionsTable namespace={namespace} release={release} revisions={unlogged} canWrite={canWrite} />
            </>
          );
        })()
      )}
    </Card>
  );
}
