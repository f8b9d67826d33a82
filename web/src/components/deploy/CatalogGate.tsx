import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { clusterApi } from "../../api/cluster";
import { chooseCatalog } from "../../deploy/catalogChoice";
import { Badge } from "../ui/Badge";
import { Card } from "../ui/Card";
import { ErrorState, Loading } from "../ui/States";
import { queryKeys } from "../../api/queryKeys";

/** Renders its children with the catalog to read, or asks which one when that is ambiguous. */
export function CatalogGate({ children }: { children: (catalog: string | undefined) => ReactNode }) {
  const [params] = useSearchParams();
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  if (cluster.isPending) {
    return <Loading what="the site's catalogs" />;
  }
  if (cluster.isError) {
    return <ErrorState error={cluster.error} retry={() => void cluster.refetch()} />;
  }
  const choice = chooseCatalog(params.get("catalog"), cluster.data.catalogs);
  if (choice.kind === "use") {
    return <>{children(choice.catalog)}</>;
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">Choose a catalog</h1>
      <p className="text-sm text-slate-700">This site lists several catalogs and marks none as the default.</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {choice.catalogs.map((catalog) => (
          <li key={catalog.name}>
            <Card>
              <Link className="font-medium text-indigo-800 underline" to={`?catalog=${encodeURIComponent(catalog.name)}`}>
                {catalog.name}
              </Link>{" "}
              {catalog.default && <Badge tone="info">default</Badge>}
              <p className="text-xs break-all text-slate-600">{catalog.url}</p>
              {!catalog.ref && <p className="text-xs text-amber-900">could not be read right now</p>}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
