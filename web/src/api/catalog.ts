// The catalog routes of openapi.yaml (tag `catalog`) and the node list the fit check reads. The
// index and entry are the catalog's own documents; these types name the members the UI reads.
import { get, segment, withQuery } from "./http";

export type Vendor = "nvidia" | "ascend" | "cambricon" | "hygon" | "amd";

export interface Requires {
  /** GPUs per pod; the total is gpus × nodes. */
  gpus: number;
  nodes?: number;
  topology?: "single-node" | "lws";
  gpuProduct?: string[];
  minGpuMemoryGiB?: number;
  rdma?: boolean;
  vendor?: Vendor;
}

export interface IndexVariant {
  id: string;
  engine: string;
  default?: boolean;
  description?: string;
  link?: string;
  chart: { name: string; version: string };
  requires: Requires;
}

export interface IndexVersion {
  version: string;
  path?: string;
  digest?: string;
  variants: IndexVariant[];
}

export interface ModelSource {
  hf: string;
  revision?: string;
  sizeGiB?: number;
}

export interface IndexModel {
  name: string;
  displayName?: string;
  description?: string;
  family?: string;
  tags?: string[];
  deprecated?: boolean | string;
  source?: ModelSource;
  latest?: string;
  versions: IndexVersion[];
}

export interface CatalogIndex {
  apiVersion: string;
  site?: unknown;
  count?: number;
  models: IndexModel[];
}

export interface CatalogIndexReply {
  name: string;
  ref: string;
  source: string;
  index: CatalogIndex;
}

export interface EntryVariant extends IndexVariant {
  image?: { repository: string; tag: string; digest?: string };
  values?: Record<string, unknown>;
}

export interface Entry {
  apiVersion?: string;
  name: string;
  version: string;
  digest?: string;
  servedName?: string;
  displayName?: string;
  description?: string;
  family?: string;
  license?: string;
  tags?: string[];
  source?: ModelSource;
  variants: EntryVariant[];
}

export interface CatalogEntryReply {
  ref: string;
  entry: Entry;
  pathTemplate?: string;
  localPath?: string;
  imageRepository?: Record<string, string>;
}

export interface ChartVersions {
  chart: string;
  range: string;
  variant: string;
  versions: string[];
}

export interface GpuProduct {
  product: string;
  catalogSupported: boolean;
  onCluster: boolean;
  nodes: number;
  gpus: number;
}

export interface GpuProducts {
  variant: string;
  vendor: string;
  resource: string;
  label: string;
  catalog: string[];
  products: GpuProduct[];
  inventoryError?: string;
}

/** The members of `NodeView` the fit check reads (the Nodes page owns the full report). */
export interface FitNode {
  Name: string;
  GPUProduct: string;
  GPUResource: string;
  GPUs: number;
  Schedulable: boolean;
  Ready: boolean;
}

export interface NodesForFit {
  nodes: FitNode[];
}

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
  nodes: () => get<NodesForFit>("/api/nodes"),
};

/** Query keys shared with the other pages (the Nodes page reads the same `["nodes"]` answer). */
export const catalogKeys = {
  index: (catalog?: string) => ["catalog", catalog ?? ""] as const,
  entry: (model: string, version?: string, catalog?: string) => ["model", model, version ?? "", catalog ?? ""] as const,
  gpuProducts: (model: string, version?: string, variant?: string, catalog?: string) =>
    ["gpu-products", model, version ?? "", variant ?? "", catalog ?? ""] as const,
  nodes: ["nodes"] as const,
};
