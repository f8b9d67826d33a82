import { BackToRelease } from "../components/release/BackToRelease";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { catalogApi } from "../api/catalog";
import { clusterApi, type ClusterInfo } from "../api/cluster";
import { plansApi, type Plan } from "../api/plans";
import { CatalogTarget, type TargetChoice } from "../components/deploy/CatalogTarget";
import { DeploySettings } from "../components/deploy/DeploySettings";
import { Pipeline } from "../components/deploy/Pipeline";
import { ReadOnlyNotice } from "../components/deploy/ReadOnlyNotice";
import { WhatMoves } from "../components/deploy/WhatMoves";
import { ErrorState, Loading } from "../components/ui/States";
import { formFromPlan, toPlanRequest, type DeployForm } from "../deploy/formToRequest";
import { placeProblems } from "../deploy/preflight";
import { usePipeline } from "../deploy/usePipeline";
import { queryKeys } from "../api/queryKeys";

export default function Upgrade() {
  const { namespace = "", release = "" } = useParams();
  const [params] = useSearchParams();
  const rollback = params.has("rollback") ? Number(params.get("rollback")) : undefined;
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  const live = useQuery({ queryKey: queryKeys.releasePlan(namespace, release), queryFn: () => plansApi.releasePlan(namespace, release), retry: false });
  const archive = useQuery({
    queryKey: queryKeys.revisionPlan(namespace, release, rollback ?? 0),
    queryFn: () => plansApi.revisionPlan(namespace, release, rollback!),
    enabled: rollback !== undefined && Number.isInteger(rollback) && rollback > 0,
    staleTime: Infinity,
    retry: false,
  });
  const title = rollback !== undefined ? `Roll back ${release} to revision ${rollback}` : `Upgrade ${release}`;
  return (
    <div className="flex flex-col gap-4">
      <BackToRelease namespace={namespace} release={release} />
      <h1 className="text-xl font-semibold">{title}</h1>
      <UpgradeBody rollback={rollback} cluster={cluster} live={live} archive={archive} />
    </div>
  );
}

function UpgradeBody({
  rollback,
  cluster,
  live,
  archive,
}: {
  rollback?: number;
  cluster: UseQueryResult<ClusterInfo>;
  live: UseQueryResult<Plan>;
  archive: UseQueryResult<Plan>;
}) {
  if (rollback !== undefined && !(Number.isInteger(rollback) && rollback > 0)) {
    return <ErrorState error={`?rollback= must be a revision number, not "${String(rollback)}"`} />;
  }
  if (cluster.isPending || (rollback === undefined ? live.isPending : archive.isPending)) {
    return <Loading what={rollback === undefined ? "the deployed plan" : `the plan of revision ${rollback}`} />;
  }
  if (cluster.isError) {
    return <ErrorState error={cluster.error} retry={() => void cluster.refetch()} />;
  }
  if (!cluster.data.allowDeploy) {
    return <ReadOnlyNotice what="upgrades and rollbacks" />;
  }
  if (rollback !== undefined) {
    if (archive.isError) {
      return <ErrorState error={archive.error} retry={() => void archive.refetch()} />;
    }
    return <RollbackFlow archive={archive.data!} revision={rollback} live={live.data} />;
  }
  if (live.isError) {
    return <ErrorState error={live.error} retry={() => void live.refetch()} />;
  }
  return <UpgradeFlow live={live.data!} />;
}

function UpgradeFlow({ live }: { live: Plan }) {
  // Seeded once: a refetch of the live plan must not overwrite what the operator typed.
  const [form, setForm] = useState<DeployForm>(() => formFromPlan(live));
  const [target, setTarget] = useState<TargetChoice>({ version: "", variant: "" });
  const [state, dispatch] = usePipeline();
  const model = live.source.model;
  const catalog = live.source.catalogName;
  const version = target.version || undefined;
  const variant = target.variant || live.source.variant;
  const index = useQuery({ queryKey: queryKeys.catalogIndex(catalog), queryFn: () => catalogApi.index(catalog) });
  const entry = useQuery({ queryKey: queryKeys.catalogEntry(model, version, catalog), queryFn: () => catalogApi.entry(model, { version, catalog }) });
  const gpuProducts = useQuery({
    queryKey: queryKeys.gpuProducts(model, version, variant, catalog),
    queryFn: () => catalogApi.gpuProducts(model, { version, variant, catalog }),
  });
  const discard = () => dispatch({ type: "formChanged" });
  const problems = placeProblems(state.plan?.preflight?.problems, state.diff?.warnings);
  const request = () =>
    toPlanRequest(form, {
      kind: "upgrade",
      release: live.release.name,
      namespace: live.release.namespace,
      serviceId: formFromPlan(live).serviceId,
      version: target.version,
      variant: target.variant,
    });
  return (
    <div className="flex flex-col gap-6">
      <CatalogTarget
        live={live}
        choice={target}
        onChange={(next) => {
          setTarget(next);
          discard();
        }}
        index={index}
        entry={entry}
      />
      <DeploySettings
        mode="upgrade"
        form={form}
        onChange={(next) => {
          setForm(next);
          discard();
        }}
        placeholders={{ localPath: entry.data?.localPath ?? entry.data?.pathTemplate }}
        gpuProducts={gpuProducts}
        problems={problems.byField}
      />
      <Pipeline
        state={state}
        dispatch={dispatch}
        compose={() => plansApi.plan(request())}
        diff={(plan) => plansApi.diff({ planHash: plan.hash })}
        apply={(body, install) => (install ? plansApi.install(body) : plansApi.apply(body))}
        planHeader={state.plan && <WhatMoves current={live} proposed={state.plan} />}
        deployed={live}
        notes={problems.unplaced}
      />
    </div>
  );
}

function RollbackFlow({ archive, revision, live }: { archive: Plan; revision: number; live?: Plan }) {
  const [state, dispatch] = usePipeline(archive);
  const { namespace, name } = archive.release;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-700">
        The plan archived with revision {revision} is re-applied as it was, with the image, chart and engine flags it had, as a new revision.
      </p>
      <DeploySettings mode="rollback" form={formFromPlan(archive)} onChange={() => undefined} />
      <Pipeline
        rollback
        rollbackTo={revision}
        state={state}
        dispatch={dispatch}
        diff={() => plansApi.diffRevision(namespace, name, revision)}
        apply={(body) => plansApi.rollback(namespace, name, { toRevision: revision, expectRevision: body.expectRevision, note: body.note, forceChart: body.forceChart })}
        planHeader={live && <WhatMoves current={live} proposed={archive} rollback />}
        deployed={live}
      />
    </div>
  );
}
