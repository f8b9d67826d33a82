import { get } from "./http";
import type { ClusterInfo } from "./types";

export type { CatalogSummary, ClusterInfo, SiteLink } from "./types";

export const clusterApi = {
  cluster: () => get<ClusterInfo>("/api/cluster"),
};
