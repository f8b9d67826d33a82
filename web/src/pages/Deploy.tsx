import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { catalogApi, type CatalogEntryReply, type EntryVariant } from "../api/catalog";
import { clusterApi, type ClusterInfo } from "../api/cluster";
import { plansApi } from "../api/plans";
import { DeploySettings } from "../components/deploy/DeploySettings";
import { ExistingReleaseNotice } from "../components/deploy/ExistingReleaseNotice";
import { Pipeline } from "../components/deploy/Pipeline";
import { ReadOnlyNotice } from "../components/deploy/ReadOnlyNotice";
import { Badge } from "../components/ui/Badge";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { deployTarget } from "../deploy/existingRelease";
import { useExistingRelease } from "../deploy/useExistingRelease";
import { hardwareLine } from "../deploy/fit";
import { EMPTY_FORM, toPlanRequest, type DeployForm } from "../deploy/formToRequest";
import { modelLink } from "../deploy/links";
import { placeProblems } from "../deploy/preflight";
import { usePipeline } from "../deploy/usePipeline";
import { queryKeys } from "../api/queryKeys";
import { useDebounced } from "../lib/useDebounced";

export default function Deploy() {
  const { name = "" } = useParams();
  const [params] = useSearchParams();
  const version = params.get("version") ?? undefined;
  const catalog = params.get("catalog") ?? undefined;
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  const entry = useQuery({ queryKey: queryKeys.catalogEntry(name, version, catalog), queryFn: () => catalogApi.entry(name, { version, catalog }) });
  const heading = <h1 className="text-xl font-semibold">Deploy {name}</h1>;
  if (cluster.isPending || entry.isPending) {
    return (
      <div className="flex flex-col gap-3">
        {heading}
        <Loading what={`model ${name}`} />
      </div>
    );
  }
  if (cluster.isError || entry.isError) {
    const failed = cluster.isError ? cluster : entry;
    return (
      <div className="flex flex-col gap-3">
        {heading}
        <ErrorState error={failed.error} retry={() => void failed.refetch()} />
      </div>
    );
  }
  const variants = entry.data.entry.variants;
  const variant = variants.find((v) => v.id === params.get("variant")) ?? variants.find((v) => v.default) ?? variants[0];
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link className="text-sm text-indigo-800 underline" to={modelLink(name, { version, catalog })}>
          ← {entry.data.entry.displayName ?? name}
        </Link>
      </p>
      <header className="flex flex-col gap-1">
        {heading}
        {variant && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge tone="info">{variant.id}</Badge>
            <Badge>v{entry.data.entry.version}</Badge>
            {hardwareLine(variant)} · chart {variant.chart.name} {variant.chart.version}
          </p>
        )}
      </header>
      {!variant ? (
        <Empty>This version has no variants to deploy.</Empty>
      ) : !cluster.data.allowDeploy ? (
        <ReadOnlyNotice what="deploys" />
      ) : (
        <DeployFlow
          key={`${entry.data.entry.version}/${variant.id}`}
          name={name}
          catalog={catalog}
          entry={entry.data}
          variant={variant}
          cluster={cluster.data}
          release={params.get("release") ?? undefined}
          namespace={params.get("namespace") ?? undefined}
        />
      )}
    </div>
  );
}

/** `release` and `namespace` start the form (adopting a release swiss did not deploy). */
function DeployFlow(props: { name: string; catalog?: string; entry: CatalogEntryReply; variant: EntryVariant; cluster: ClusterInfo; release?: string; namespace?: string }) {
  const { name, catalog, entry, variant, cluster } = props;
  const version = entry.entry.version;
  const [form, setForm] = useState<DeployForm>({ ...EMPTY_FORM, serviceId: props.release ?? name, namespace: props.namespace ?? "" });
  const [state, dispatch] = usePipeline();
  const gpuProducts = useQuery({
    queryKey: queryKeys.gpuProducts(name, version, variant.id, catalog),
    queryFn: () => catalogApi.gpuProducts(name, { version, variant: variant.id, catalog }),
  });
  const change = (next: DeployForm) => {
    setForm(next);
    dispatch({ type: "formChanged" });
  };
  const problems = placeProblems(state.plan?.preflight?.problems, state.diff?.warnings);
  const serviceId = useDebounced(form.serviceId, 300);
  const namespace = useDebounced(form.namespace, 300);
  const { existing, deployed } = useExistingRelease(deployTarget(serviceId, namespace, cluster.namespace ?? ""));
  return (
    <div className="flex flex-col gap-6">
      {/* Once this page has installed it, the release it names is its own, not one to warn about. */}
      <ExistingReleaseNotice existing={state.result ? undefined : existing} />
      <DeploySettings
        mode="deploy"
        form={form}
        onChange={change}
        placeholders={{ serviceId: name, namespace: cluster.namespace, localPath: entry.localPath ?? entry.pathTemplate }}
        gpuProducts={gpuProducts}
        problems={problems.byField}
      />
      <Pipeline
        state={state}
        dispatch={dispatch}
        compose={() => plansApi.plan(toPlanRequest(form, { kind: "deploy", model: name, version, variant: variant.id, catalog }))}
        composeBlocked={form.serviceId.trim() === "" ? "Name the service (Service ID) to plan." : undefined}
        diff={(plan) => plansApi.diff({ planHash: plan.hash })}
        apply={(request, install, adopt) => (adopt ? plansApi.install({ ...request, adopt: true }) : install ? plansApi.install(request) : plansApi.apply(request))}
        adopt={existing?.untracked === true}
        notes={problems.unplaced}
        deployed={deployed}
      />
    </div>
  );
}
