// Which catalog a catalog page reads: the one `?catalog=` names, else the default or only one;
// with several and no default the operator has to choose.
import type { CatalogSummary } from "../api/cluster";

export type CatalogChoice = { kind: "use"; catalog?: string } | { kind: "choose"; catalogs: CatalogSummary[] };

export function chooseCatalog(requested: string | null, catalogs: CatalogSummary[] | undefined): CatalogChoice {
  if (requested) {
    return { kind: "use", catalog: requested };
  }
  const list = catalogs ?? [];
  if (list.length <= 1 || list.some((catalog) => catalog.default)) {
    // The server picks the default (or only) one when none is named.
    return { kind: "use" };
  }
  return { kind: "choose", catalogs: list };
}
