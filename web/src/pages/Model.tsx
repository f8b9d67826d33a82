import { DocsLink } from "../components/deploy/DocsLink";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { catalogApi, type EntryVariant, type FitNode } from "../api/catalog";
import { CatalogGate } from "../components/deploy/CatalogGate";
import { FitBadge } from "../components/deploy/FitBadge";
import { SelectField } from "../components/ui/Field";
import { Badge } from "../components/ui/Badge";
import { Card } from "../components/ui/Card";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { gpuCount, vendorLabel } from "../deploy/fit";
import { deployLink, modelLink } from "../deploy/links";
import { ApiError } from "../api/http";
import { queryKeys } from "../api/queryKeys";
import { NotFound } from "./NotFound";

export default function Model() {
  return <CatalogGate>{(catalog) => <ModelEntry catalog={catalog} />}</CatalogGate>;
}

function ModelEntry({ catalog }: { catalog?: string }) {
  const { name = "" } = useParams();
  const [params] = useSearchParams();
  const version = params.get("version") ?? undefined;
  const entry = useQuery({ queryKey: queryKeys.catalogEntry(name, version, catalog), queryFn: () => catalogApi.entry(name, { version, catalog }) });
  const index = useQuery({ queryKey: queryKeys.catalogIndex(catalog), queryFn: () => catalogApi.index(catalog) });
  const nodes = useQuery({ queryKey: queryKeys.nodes(), queryFn: catalogApi.nodes });
  if (entry.isPending) {
    return <Loading what={`model ${name}`} />;
  }
  if (entry.error instanceof ApiError && entry.error.status === 404) {
    return (
      <NotFound title="Model not found">
        The catalog{catalog ? ` ${catalog}` : ""} has no model {name}
        {version ? ` at version ${version}` : ""}: {entry.error.message}
      </NotFound>
    );
  }
  if (entry.isError) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-xl font-semibold">{name}</h1>
        <ErrorState error={entry.error} retry={() => void entry.refetch()} />
      </div>
    );
  }
  const { entry: model, ref } = entry.data;
  const versions = index.data?.index.models.find((m) => m.name === name)?.versions.map((v) => v.version) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link className="text-sm text-indigo-800 underline" to={`/catalog${catalog ? `?catalog=${encodeURIComponent(catalog)}` : ""}`}>
          ← Catalog
        </Link>
      </p>
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold">{model.displayName ?? model.name}</h1>
        {model.description && <p className="text-sm text-slate-700">{model.description}</p>}
      </header>
      <Card title="Entry">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-700">Weights</dt>
          <dd>
            {model.source?.hf ?? "—"}
            {model.source?.sizeGiB !== undefined && ` · ${model.source.sizeGiB} GiB`}
          </dd>
          <dt className="text-slate-700">Served as</dt>
          <dd className="font-mono">{model.servedName ?? model.name}</dd>
          {model.license && (
            <>
              <dt className="text-slate-700">License</dt>
              <dd>{model.license}</dd>
            </>
          )}
          <dt className="text-slate-700">Version</dt>
          <dd>{model.version}</dd>
          <dt className="text-slate-700">Catalog ref</dt>
          <dd className="font-mono text-xs" title={ref}>{ref.slice(0, 19)}</dd>
        </dl>
        {versions.length >= 2 && <VersionSelect name={name} catalog={catalog} versions={versions} current={model.version} />}
      </Card>
      <section aria-labelledby="variants-heading" className="flex flex-col gap-3">
        <h2 id="variants-heading" className="text-lg font-semibold">
          Variants
        </h2>
        {nodes.isError && <p className="text-sm text-amber-900">The node list could not be read, so fit is unknown: {nodes.error.message}</p>}
        {model.variants.length === 0 && <Empty>This version has no variants.</Empty>}
        <ul className="grid gap-3 md:grid-cols-2">
          {model.variants.map((variant) => (
            <li key={variant.id}>
              <VariantCard model={name} version={version} catalog={catalog} variant={variant} nodes={nodes.data?.nodes} nodesFailed={nodes.isError} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function VersionSelect({ name, catalog, versions, current }: { name: string; catalog?: string; versions: string[]; current: string }) {
  const navigate = useNavigate();
  return (
    <SelectField
      className="mt-3 max-w-xs"
      label="Model version"
      value={current}
      hint="A deploy records the version and its digest"
      onChange={(event) => navigate(modelLink(name, { version: event.target.value, catalog }))}
    >
      {versions.map((version) => (
        <option key={version} value={version}>
          {version}
        </option>
      ))}
    </SelectField>
  );
}

function VariantCard(props: { model: string; version?: string; catalog?: string; variant: EntryVariant; nodes?: FitNode[]; nodesFailed: boolean }) {
  const { variant } = props;
  const headingId = useId();
  const requires = variant.requires;
  const hardware = [
    gpuCount(requires),
    vendorLabel(requires),
    requires.topology,
    requires.rdma ? "RDMA" : undefined,
    `chart ${variant.chart.name}-${variant.chart.version}`,
  ].filter(Boolean);
  return (
    <Card className="h-full">
      <article aria-labelledby={headingId} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-mono text-sm font-semibold">
            {variant.id}
          </h3>
          {variant.default && <Badge tone="info">default</Badge>}
          <Badge>{variant.engine}</Badge>
        </div>
        {variant.description && <p className="text-sm text-slate-700">{variant.description}</p>}
        <p className="text-sm text-slate-700">{hardware.join(" · ")}</p>
        <p className="flex flex-wrap items-center gap-1 text-xs text-slate-700">
          Runs on{" "}
          {(requires.gpuProduct ?? []).length > 0 ? requires.gpuProduct!.map((product) => <Badge key={product}>{product}</Badge>) : <span>any {vendorLabel(requires)}</span>}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <FitBadge requires={requires} nodes={props.nodes} error={props.nodesFailed} />
        </div>
        <div className="mt-auto flex items-center gap-3">
          <Link
            className="rounded-md bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-800"
            to={deployLink(props.model, { variant: variant.id, version: props.version, catalog: props.catalog })}
            aria-label={`Deploy ${variant.id}`}
          >
            Deploy
          </Link>
          <DocsLink href={variant.link} />
        </div>
      </article>
    </Card>
  );
}
