import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { withParam } from "../lib/searchParams";
import { catalogApi, type IndexModel } from "../api/catalog";
import { CatalogGate } from "../components/deploy/CatalogGate";
import { VariantDialog } from "../components/deploy/VariantDialog";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { SelectField } from "../components/ui/Field";
import { SearchField } from "../components/ui/SearchField";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { hardwareLine, runsOn } from "../deploy/fit";
import { adoptTarget, deployLink, modelLink } from "../deploy/links";
import { queryKeys } from "../api/queryKeys";
import { catalogChoices, latestVariants, modelMatches, type CatalogFilter } from "../lib/catalogFilter";

export default function Catalog() {
  return <CatalogGate>{(catalog) => <CatalogIndex catalog={catalog} />}</CatalogGate>;
}

function CatalogIndex({ catalog }: { catalog?: string }) {
  const index = useQuery({ queryKey: queryKeys.catalogIndex(catalog), queryFn: () => catalogApi.index(catalog) });
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-xl font-semibold">Catalog</h1>
        {index.data && (
          <p className="text-sm text-slate-700">
            {index.data.name} · <span className="break-all">{index.data.source}</span> · <code title={index.data.ref}>{index.data.ref.slice(0, 19)}</code>
          </p>
        )}
      </header>
      {index.isPending && <Loading what="the catalog" />}
      {index.isError && <ErrorState error={index.error} retry={() => void index.refetch()} />}
      {index.data && index.data.index.models.length === 0 && <Empty>This catalog lists no models.</Empty>}
      {index.data && index.data.index.models.length > 0 && <FilteredModels models={index.data.index.models} catalog={catalog} />}
    </div>
  );
}

type FilterMember = "q" | "engine" | "hardware";

/** The models under the search box and the engine and hardware filters, kept in the address. */
function FilteredModels({ models, catalog }: { models: IndexModel[]; catalog?: string }) {
  const [params, setParams] = useSearchParams();
  const filter: CatalogFilter = { search: params.get("q") ?? "", engine: params.get("engine") ?? "", hardware: params.get("hardware") ?? "" };
  const set = (member: FilterMember, value: string) => setParams((current) => withParam(current, member, value), { replace: true });
  const choices = catalogChoices(models);
  const shown = models.filter((model) => modelMatches(model, filter, choices.productVendors));
  const adopting = adoptTarget(params.get("adopt"));
  return (
    <>
      {adopting && (
        <p role="status" aria-label="Adopting" className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900">
          Adopting <strong>{adopting.namespace}/{adopting.release}</strong>: pick the model and variant it runs. Its deploy form starts with that name and namespace; plan it with the values it
          was installed with, and once Diff shows no change, Adopt keeps it without changing it.
        </p>
      )}
      <search className="flex flex-wrap items-end gap-3">
        <SearchField label="Search models" value={filter.search} onChange={(value) => set("q", value)} placeholder="name, description, tag" />
        <SelectField label="Engine" value={filter.engine} onChange={(event) => set("engine", event.target.value)}>
          <option value="">any</option>
          {choices.engines.map((engine) => (
            <option key={engine} value={engine}>
              {engine}
            </option>
          ))}
        </SelectField>
        <SelectField label="Hardware" value={filter.hardware} onChange={(event) => set("hardware", event.target.value)}>
          <option value="">any</option>
          <optgroup label="Vendor">
            {choices.vendors.map((vendor) => (
              <option key={vendor} value={vendor}>
                any {vendor}
              </option>
            ))}
          </optgroup>
          <optgroup label="GPU product">
            {[...choices.productVendors.keys()].map((product) => (
              <option key={product} value={product}>
                {product}
              </option>
            ))}
          </optgroup>
        </SelectField>
        <p role="status" className="text-sm text-slate-700">
          {shown.length} of {models.length} models
        </p>
      </search>
      {shown.length === 0 ? (
        <Empty>No model matches the filters.</Empty>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((model) => (
            <li key={model.name}>
              <ModelCard model={model} catalog={catalog} adopting={adopting} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ModelCard({ model, catalog, adopting }: { model: IndexModel; catalog?: string; adopting?: { namespace: string; release: string } }) {
  const [choosing, setChoosing] = useState(false);
  const headingId = useId();
  const variants = latestVariants(model);
  const title = model.displayName ?? model.name;
  return (
    <Card className="h-full">
      <article aria-labelledby={headingId} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold">
            <Link className="text-indigo-800 underline-offset-2 hover:underline" to={modelLink(model.name, { catalog })}>
              {title}
            </Link>
          </h2>
          {model.latest && <Badge tone="info">v{model.latest}</Badge>}
          <span className="text-xs text-slate-600">
            {model.versions.length} {model.versions.length === 1 ? "version" : "versions"}
          </span>
          {model.deprecated && <Badge tone="warning">deprecated</Badge>}
        </div>
        {model.description && <p className="line-clamp-2 text-sm text-slate-700">{model.description}</p>}
        {model.source?.hf && (
          <p className="text-xs text-slate-600">
            {model.source.hf}
            {model.source.sizeGiB !== undefined && ` · ${model.source.sizeGiB} GiB`}
          </p>
        )}
        <ul aria-label={`Variants of ${title}`} className="flex flex-wrap gap-1">
          {variants.map((variant) => (
            <li key={variant.id}>
              <Badge title={`${variant.id}: ${runsOn(variant.requires)}`}>{hardwareLine(variant)}</Badge>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-600">{[...new Set(variants.map((variant) => runsOn(variant.requires)))].join("; ")}</p>
        <div className="mt-auto flex items-center gap-2">
          {variants.length === 1 ? (
            <Link className="rounded-md bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-800" to={deployLink(model.name, { variant: variants[0].id, catalog, ...adopting })}>
              Deploy
            </Link>
          ) : variants.length > 1 ? (
            <Button aria-haspopup="dialog" onClick={() => setChoosing(true)}>
              Deploy
            </Button>
          ) : null}
          <Link className="text-sm text-indigo-800 underline" to={modelLink(model.name, { catalog })}>
            {variants.length > 1 ? `${variants.length} variants` : "Details"}
          </Link>
        </div>
      </article>
      {choosing && <VariantDialog model={model.name} title={title} catalog={catalog} variants={variants} adopting={adopting} onClose={() => setChoosing(false)} />}
    </Card>
  );
}
