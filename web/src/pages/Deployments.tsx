import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { deploymentsApi, DEPLOYMENTS_PER_PAGE, type DeploymentRow, type DeploymentsPage } from "../api/deployments";
import { CanaryBadges } from "../components/CanaryBadges";
import { ButtonLink, textLink } from "../components/release/ButtonLink";
import { detailPath, tunePath, upgradePath } from "../components/release/paths";
import { isLive, isManaged, sortDeployments } from "../components/release/sorting";
import { StatCard } from "../components/release/StatCard";
import { StatusBadge } from "../components/StatusBadge";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { Table, Td, Th } from "../components/ui/Table";
import { usePollInterval } from "../live/LiveUpdates";
import { queryKeys } from "../api/queryKeys";

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
  const goTo = (next: number) => setParams(next <= 1 ? {} : { page: String(next) });

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
        <DeploymentsView data={query.data} goTo={goTo} />
      )}
    </div>
  );
}

function DeploymentsView({ data, goTo }: { data: DeploymentsPage; goTo: (page: number) => void }) {
  const { summary } = data;
  const untracked = summary.untracked ?? 0;
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label="Releases" value={summary.total} />
        <StatCard label="Untracked" value={untracked} warn={untracked > 0} note={untracked > 0 ? "helm releases swiss did not deploy" : undefined} />
        <StatCard label="Behind catalog" value={summary.catalogBehind} note="on this page" />
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
          {data.deployments.length === 0 ? (
            <Empty>No releases on this page.</Empty>
          ) : (
            <DeploymentsTable rows={sortDeployments(data.deployments)} />
          )}
          <Pager page={data.page} perPage={data.perPage} total={summary.total} goTo={goTo} />
        </>
      )}
    </>
  );
}

function DeploymentsTable({ rows }: { rows: DeploymentRow[] }) {
  return (
    <Table caption="Releases">
      <thead>
        <tr>
          <Th>Release</Th>
          <Th>Namespace</Th>
          <Th>Model</Th>
          <Th>Backend</Th>
          <Th>Chart</Th>
          <Th>Rev</Th>
          <Th>Status</Th>
          <Th>Canary</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <DeploymentTableRow key={`${row.namespace}/${row.release}`} row={row} />
        ))}
      </tbody>
    </Table>
  );
}

function DeploymentTableRow({ row }: { row: DeploymentRow }) {
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
        <ModelCell row={row} />
      </Td>
      <Td>{row.backend === "llmsvc" ? "LLMService" : "helm"}</Td>
      <Td className="whitespace-nowrap">{row.chart ?? ""}</Td>
      <Td>{row.revision > 0 ? row.revision : ""}</Td>
      <Td>
        <StatusBadge status={row.status} phase={row.phase} />
      </Td>
      <Td>
        <CanaryBadges relationship={row} namespace={row.namespace} />
      </Td>
      <Td className="whitespace-nowrap">
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

function ModelCell({ row }: { row: DeploymentRow }) {
  if (!isManaged(row)) {
    return <Badge tone="warning" title="A helm release with no plan beside it: swiss did not deploy it">untracked</Badge>;
  }
  const parts = [row.model ? `${row.model}${row.version ? ` v${row.version}` : ""}` : "", row.variant ?? ""].filter(Boolean);
  return (
    <span className="flex flex-wrap items-center gap-1">
      {parts.length > 0 ? parts.join(" · ") : <span className="text-slate-600">no model recorded</span>}
      {row.external && <Badge tone="neutral" title="An LLMService swiss did not write">external</Badge>}
    </span>
  );
}

function Pager({ page, perPage, total, goTo }: { page: number; perPage: number; total: number; goTo: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages === 1) {
    return null;
  }
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        Previous page
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
