import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { withParam } from "../lib/searchParams";
import { adoptLink } from "../deploy/links";
import type { IndexModel } from "../api/catalog";
import { deploymentsApi, DEPLOYMENTS_PER_PAGE, type DeploymentRow, type DeploymentsPage } from "../api/deployments";
import { CanaryBadges } from "../components/CanaryBadges";
import { ButtonLink, textLink } from "../components/release/ButtonLink";
import { detailPath, tunePath, upgradePath } from "../components/release/paths";
import { isLive, isManaged, sortDeployments } from "../components/release/sorting";
import { StatCard } from "../components/release/StatCard";
import { StatusBadge } from "../components/StatusBadge";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { SelectField } from "../components/ui/Field";
import { RelativeTime } from "../components/ui/RelativeTime";
import { SearchField } from "../components/ui/SearchField";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { Table, Td, Th } from "../components/ui/Table";
import { usePollInterval } from "../live/LiveUpdates";
import { queryKeys } from "../api/queryKeys";
import { choices, matches, type RowFilter } from "../fleet/rows";
import { useCatalogModels } from "../fleet/useCatalogModels";
import { newerVersion } from "../fleet/versions";

/** `?page=` as the server reads it: a number from 1, else 1. */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export default function Deployments() {
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get("page"));
  const query = useQuery({
    queryKey: queryKeys.deployments(page, DEPLOYMENTS_PER_PAGE),
    queryFn: () => deploymentsApi.list(page),
    refetchInterval: usePollInterval(),
    placeholderData: (previous) => previous,
  });
  const goTo = (next: number) =>
    setParams((current) => withParam(current, "page", next <= 1 ? "" : String(next)));
  // The filters live in the address, so a filtered list can be shared and survives a reload.
  const filter: RowFilter = { search: params.get("q") ?? "", namespace: params.get("namespace") ?? "", model: params.get("model") ?? "" };
  const setFilter = (member: "q" | "namespace" | "model", value: string) => setParams((current) => withParam(current, member, value), { replace: true });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Deployments</h1>
        <ButtonLink to="/catalog" variant="primary">
          Deploy a model
        </ButtonLink>
      </div>
      {query.isPending ? (
        <Loading what="the deployments" />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      ) : (
        <DeploymentsView data={query.data} goTo={goTo} filter={filter} setFilter={setFilter} />
      )}
    </div>
  );
}

type SetFilter = (member: "q" | "namespace" | "model", value: string) => void;

/** Each row with the newer catalog version it could move to, if any. */
interface ListedRow {
  row: DeploymentRow;
  newer?: string;
}

function listed(rows: readonly DeploymentRow[], catalogs: Map<string, IndexModel[]>): ListedRow[] {
  return sortDeployments(rows).map((row) => ({ row, newer: isManaged(row) ? newerVersion(row.model, row.version, catalogs.get(row.catalog ?? "")) : undefined }));
}

function DeploymentsView({ data, goTo, filter, setFilter }: { data: DeploymentsPage; goTo: (page: number) => void; filter: RowFilter; setFilter: SetFilter }) {
  const { summary } = data;
  const untracked = summary.untracked ?? 0;
  const catalogs = useCatalogModels(data.deployments);
  const rows = listed(data.deployments, catalogs);
  const behind = rows.filter((entry) => entry.newer !== undefined).length;
  const shown = rows.filter((entry) => matches(entry.row, filter));
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label="Releases" value={summary.total} />
        <StatCard label="Untracked" value={untracked} warn={untracked > 0} note={untracked > 0 ? "helm releases swiss did not deploy" : undefined} />
        <StatCard label="Behind catalog" value={behind} note="on this page: a newer version of the model is in the catalog" />
      </div>
      {summary.total === 0 ? (
        <Empty>
          Nothing is deployed yet.{" "}
          <Link to="/catalog" className={textLink}>
            Pick a model from the catalog
          </Link>{" "}
          to deploy one.
        </Empty>
      ) : (
        <>
          <DeploymentFilters rows={data.deployments} filter={filter} setFilter={setFilter} paged={summary.total > data.deployments.length} />
          {data.deployments.length === 0 ? (
            <Empty>No releases on this page.</Empty>
          ) : shown.length === 0 ? (
            <Empty>No release on this page matches the filters.</Empty>
          ) : (
            <DeploymentsTable rows={shown} />
          )}
          <Pager page={data.page} perPage={data.perPage} total={summary.total} goTo={goTo} />
        </>
      )}
    </>
  );
}

/** Search and the namespace and model filters, over the rows of the page shown. */
function DeploymentFilters({ rows, filter, setFilter, paged }: { rows: DeploymentRow[]; filter: RowFilter; setFilter: SetFilter; paged: boolean }) {
  return (
    <search className="flex flex-wrap items-end gap-3">
      <SearchField label="Search releases" value={filter.search} onChange={(value) => setFilter("q", value)} placeholder="release, model, variant" />
      <FilterSelect label="Namespace" value={filter.namespace} values={choices(rows, "namespace")} onChange={(value) => setFilter("namespace", value)} />
      <FilterSelect label="Model" value={filter.model} values={choices(rows, "model")} onChange={(value) => setFilter("model", value)} />
      {paged && <p className="text-xs text-slate-600">Filters apply to the releases of this page.</p>}
    </search>
  );
}

function FilterSelect({ label, value, values, onChange }: { label: string; value: string; values: string[]; onChange: (value: string) => void }) {
  // A value from the address that this page lacks stays selectable, so the filter can be seen and cleared.
  const options = value && !values.includes(value) ? [value, ...values] : values;
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">any</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
}

function DeploymentsTable({ rows }: { rows: ListedRow[] }) {
  return (
    <Table caption="Releases">
      <thead>
        <tr>
          <Th>Release</Th>
          <Th>Namespace</Th>
          <Th>Model</Th>
          <Th>Status</Th>
          <Th>Ready</Th>
          <Th>GPUs</Th>
          <Th>Updated</Th>
          <Th>Chart</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ row, newer }) => (
          <DeploymentTableRow key={`${row.namespace}/${row.release}`} row={row} newer={newer} />
        ))}
      </tbody>
    </Table>
  );
}

function DeploymentTableRow({ row, newer }: { row: DeploymentRow; newer?: string }) {
  const pods = row.podsTotal !== undefined ? { ready: row.podsReady ?? 0, total: row.podsTotal } : undefined;
  return (
    <tr data-testid={`deployment-${row.namespace}-${row.release}`}>
      <Td>
        <Link to={detailPath(row.namespace, row.release)} className={`font-medium ${textLink}`}>
          {row.release}
        </Link>
        {row.drift && <p className="mt-0.5 max-w-xs text-xs text-amber-900">{row.drift}</p>}
      </Td>
      <Td>{row.namespace}</Td>
      <Td>
        <ModelCell row={row} newer={newer} />
      </Td>
      <Td>
        <span className="flex flex-col items-start gap-0.5">
          <StatusBadge status={row.status} phase={row.phase} pods={pods} />
          {row.revision > 0 && <span className="text-xs text-slate-600">rev {row.revision}</span>}
          <CanaryBadges relationship={row} namespace={row.namespace} />
        </span>
      </Td>
      <Td>{pods ? `${pods.ready}/${pods.total}` : <Unknown what="pods" />}</Td>
      <Td>{row.gpus ?? <Unknown what="GPUs" />}</Td>
      <Td>{row.updated ? <RelativeTime iso={row.updated} /> : ""}</Td>
      <Td>
        {row.chart ?? ""}
        <p className="text-xs text-slate-600">{row.backend === "llmsvc" ? "LLMService" : "helm"}</p>
      </Td>
      <Td>
        <span className="flex gap-1">
          {isManaged(row) && (
            <ButtonLink to={upgradePath(row.namespace, row.release)} small label={`Upgrade ${row.release}`}>
              Upgrade
            </ButtonLink>
          )}
          {isLive(row) && (
            <ButtonLink to={tunePath(row.namespace, row.release)} small label={`Tune ${row.release}`}>
              Tune
            </ButtonLink>
          )}
        </span>
      </Td>
    </tr>
  );
}

/** A count the server could not make (it may not list pods cluster-wide). */
function Unknown({ what }: { what: string }) {
  return (
    <span className="text-slate-600" title={`swiss may not list pods cluster-wide, so the ${what} are unknown`}>
      —<span className="sr-only">unknown</span>
    </span>
  );
}

function ModelCell({ row, newer }: { row: DeploymentRow; newer?: string }) {
  if (!isManaged(row)) {
    return (
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge tone="warning" title="A helm release with no plan beside it: swiss did not deploy it">
          untracked
        </Badge>
        <Link to={adoptLink(row.namespace, row.release)} aria-label={`Adopt ${row.release}`} className="text-xs font-medium text-indigo-800 underline">
          Adopt…
        </Link>
      </span>
    );
  }
  const parts = [row.model ? `${row.model}${row.version ? ` v${row.version}` : ""}` : "", row.variant ?? ""].filter(Boolean);
  return (
    <span className="flex flex-col items-start gap-0.5">
      {parts.length > 0 ? <span>{parts.join(" · ")}</span> : <span className="text-slate-600">no model recorded</span>}
      {(row.external || newer) && (
        <span className="flex gap-1">
          {row.external && <Badge tone="neutral" title="An LLMService swiss did not write">external</Badge>}
          {newer && <NewerVersionChip row={row} version={newer} />}
        </span>
      )}
    </span>
  );
}

/** "1.1.0 available": the catalog has a newer version of the release's model; opens its upgrade. */
function NewerVersionChip({ row, version }: { row: DeploymentRow; version: string }) {
  return (
    <Link
      to={upgradePath(row.namespace, row.release)}
      aria-label={`${version} available: upgrade ${row.release}`}
      className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 hover:bg-indigo-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {version} available
    </Link>
  );
}

function Pager({ page, perPage, total, goTo }: { page: number; perPage: number; total: number; goTo: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) {
    return null;
  }
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 1} disabledReason="This is the first page" onClick={() => goTo(page - 1)}>
        Previous page
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} disabledReason="This is the last page" onClick={() => goTo(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
