import { BackToRelease } from "../components/release/BackToRelease";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { clusterApi } from "../api/cluster";
import { plansApi, type Plan } from "../api/plans";
import { TextAreaField } from "../components/ui/Field";
import { LayerBadge } from "../components/deploy/LayerBadge";
import { OverrideRows, type OverrideRow } from "../components/deploy/OverrideRows";
import { Pipeline } from "../components/deploy/Pipeline";
import { ReadOnlyNotice } from "../components/deploy/ReadOnlyNotice";
import { WhatMoves } from "../components/deploy/WhatMoves";
import { Card } from "../components/ui/Card";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { tuneRequest } from "../deploy/formToRequest";
import { placeProblems } from "../deploy/preflight";
import { explainLayers, formatValue } from "../deploy/provenance";
import { usePipeline } from "../deploy/usePipeline";
import { queryKeys } from "../api/queryKeys";

const ROUTE_VALUES = "modelRoute.nginx.values";
const ADAPTIVE = `${ROUTE_VALUES}.adaptive_cc`;

export default function Tune() {
  const { namespace = "", release = "" } = useParams();
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  const live = useQuery({ queryKey: queryKeys.releasePlan(namespace, release), queryFn: () => plansApi.releasePlan(namespace, release), retry: false });
  return (
    <div className="flex flex-col gap-4">
      <BackToRelease namespace={namespace} release={release} />
      <h1 className="text-xl font-semibold">Tune {release}</h1>
      <p className="text-sm text-slate-700">
        Changes the deployed plan's form and edit layers and keeps everything else byte for byte: no catalog is read, so this works while the catalog is unreachable.
      </p>
      {cluster.isPending || live.isPending ? (
        <Loading what="the deployed plan" />
      ) : cluster.isError ? (
        <ErrorState error={cluster.error} retry={() => void cluster.refetch()} />
      ) : !cluster.data.allowDeploy ? (
        <ReadOnlyNotice what="tuning changes" />
      ) : live.isError ? (
        <ErrorState error={live.error} retry={() => void live.refetch()} />
      ) : (
        <TuneFlow live={live.data} />
      )}
    </div>
  );
}

function TuneFlow({ live }: { live: Plan }) {
  const values = explainLayers(live.layers);
  const routeValues = values.filter((row) => row.path.startsWith(`${ROUTE_VALUES}.`));
  const adaptive = values.find((row) => row.path === ADAPTIVE);
  // Seeded once with the adaptive concurrency switch, the usual thing to tune.
  const [rows, setRows] = useState<OverrideRow[]>(() => [
    { id: 1, path: ADAPTIVE, value: adaptive === undefined ? "" : typeof adaptive.value === "string" ? adaptive.value : formatValue(adaptive.value) },
  ]);
  const [edits, setEdits] = useState("");
  const [state, dispatch] = usePipeline();
  const { name, namespace } = live.release;
  const problems = placeProblems(state.plan?.preflight?.problems, state.diff?.warnings);
  const discard = () => dispatch({ type: "formChanged" });
  return (
    <div className="flex flex-col gap-6">
      <Card title="Route values now">
        {routeValues.length === 0 ? (
          <Empty>The deployed plan sets nothing under {ROUTE_VALUES}.</Empty>
        ) : (
          <dl className="grid grid-cols-[max-content_1fr_max-content] gap-x-4 gap-y-1 text-sm">
            {routeValues.map((row) => (
              <div key={row.path} className="contents">
                <dt className="font-mono text-xs">{row.path.slice(ROUTE_VALUES.length + 1)}</dt>
                <dd className="font-mono text-xs">{formatValue(row.value)}</dd>
                <dd>
                  <LayerBadge layer={row.layer} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      <Card title="Changes">
        <div className="flex flex-col gap-4">
          <OverrideRows
            rows={rows}
            onChange={(next) => {
              setRows(next);
              discard();
            }}
          />
          <TextAreaField
            label="Plan edits (YAML)"
            value={edits}
            onChange={(event) => {
              setEdits(event.target.value);
              discard();
            }}
            hint="Merged over the deployed edit layer; the server parses it"
          />
        </div>
      </Card>
      <Pipeline
        state={state}
        dispatch={dispatch}
        compose={() => plansApi.plan(tuneRequest(name, namespace, rows, edits))}
        diff={(plan) => plansApi.diff({ planHash: plan.hash })}
        apply={(body, install) => (install ? plansApi.install(body) : plansApi.apply(body))}
        planHeader={state.plan && <WhatMoves current={live} proposed={state.plan} />}
        deployed={live}
        notes={[...Object.values(problems.byField).flat(), ...problems.unplaced]}
      />
    </div>
  );
}
