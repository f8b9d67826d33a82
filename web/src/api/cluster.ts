import { get } from "./http";

export interface CatalogSummary {
  name: string;
  url: string;
  source?: string;
  default?: boolean;
  ref?: string;
}

export interface SiteLink {
  name: string;
  url: string;
}

export interface ClusterInfo {
  name: string;
  profile: string;
  profileName?: string;
  priorityClassName?: string;
  schedulerName?: string;
  namespace?: string;
  chartRepo?: string;
  catalog: string;
  catalogFrom?: "profile" | "config";
  catalogRef?: string;
  catalogs?: CatalogSummary[];
  version: string;
  allowDeploy: boolean;
  sites?: SiteLink[];
  warnings?: string[];
  llmservice?: { served: boolean; applyWith: "helm" | "llmsvc"; newInstalls: "helm" | "llmsvc" };
}

export const clusterApi = {
  cluster: () => get<ClusterInfo>("/api/cluster"),
};
