// The catalog routes of openapi.yaml (tag `catalog`) and the node list the fit check reads. The
// types are the document's (./types), generated from it.
import { get, segment, withQuery } from "./http";
import type { CatalogEntryReply, CatalogIndexReply, ChartVersions, GpuProducts, NodesReport } from "./types";

export type { CatalogIndex, CatalogIndexReply, CatalogEntryReply, ChartVersions, Entry, EntryVariant, FitNode, GpuProduct, GpuProducts, IndexModel, IndexVariant, IndexVersion, ModelSource, Requires } from "./types";

export interface EntryQuery {
  catalog?: string;
  version?: string;
}

const modelPath = (model: string) => `/api/catalog/${segment(model)}`;

export const catalogApi = {
  index: (catalog?: string) => get<CatalogIndexReply>(withQuery("/api/catalog", { catalog })),
  entry: (model: string, query: EntryQuery = {}) => get<CatalogEntryReply>(withQuery(modelPath(model), { ...query })),
  chartVersions: (model: string, query: EntryQuery & { variant?: string } = {}) =>
    get<ChartVersions>(withQuery(`${modelPath(model)}/chart-versions`, { ...query })),
  gpuProducts: (model: string, query: EntryQuery & { variant?: string } = {}) =>
    get<GpuProducts>(withQuery(`${modelPath(model)}/gpu-products`, { ...query })),
  nodes: () => get<NodesReport>("/api/nodes"),
};

