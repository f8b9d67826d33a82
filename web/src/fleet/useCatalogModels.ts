import { useQueries } from "@tanstack/react-query";
import { catalogApi, type IndexModel } from "../api/catalog";
import type { DeploymentRow } from "../api/deployments";
import { queryKeys } from "../api/queryKeys";

/**
 * The models of each catalog the rows were deployed from, by the row's `catalog` ("" for the
 * site's default), read from the index the catalog pages share. A catalog that cannot be read is
 * left out: its rows then offer no newer version, which is what the UI can honestly say.
 */
export function useCatalogModels(rows: readonly DeploymentRow[]): Map<string, IndexModel[]> {
  const catalogs = [...new Set(rows.filter((row) => row.model).map((row) => row.catalog ?? ""))];
  return useQueries({
    queries: catalogs.map((catalog) => ({
      queryKey: queryKeys.catalogIndex(catalog || undefined),
      queryFn: () => catalogApi.index(catalog || undefined),
      staleTime: 60_000,
    })),
    combine: (results) => new Map(results.flatMap((result, i) => (result.data ? [[catalogs[i], result.data.index.models] as const] : []))),
  });
}
