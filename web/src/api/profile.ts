// The site profile: GET/PUT /api/profile and GET /api/profile/template. Types mirror
// docs/openapi.yaml (ProfileDocument, Profile, ProfileRoute, CatalogRepo, ProfileRequest).
import type { SiteLink } from "./cluster";
import { get, put } from "./http";

export interface CatalogRepo {
  name?: string;
  url?: string;
  default?: boolean;
}

export interface ProfileRoute {
  nginxConfigMap?: string;
  nginxService?: string;
  nginxSelector?: string;
  monitorConfigMap?: string;
  gateway?: string;
  nginxPort?: number;
  auth?: { header?: string; prefix?: string; secretRef?: string; secretKey?: string; headers?: Record<string, string> };
}

export interface Profile {
  name?: string;
  namespace?: string;
  catalog?: string;
  catalogs?: CatalogRepo[];
  chartRepo?: string;
  chartPath?: string;
  registry?: { mirror?: string };
  model?: { pathTemplate?: string; overrides?: Record<string, string> };
  schedule?: { priorityClassName?: string; schedulerName?: string };
  cache?: { enabled?: boolean; hostPath?: string };
  scaler?: { serverAddress?: string; serverHeaders?: Record<string, string>; sloAddress?: string; sloTokenSecret?: string; sloTokenKey?: string };
  route?: ProfileRoute;
  nodes?: { gpusPerNode?: number };
  sites?: SiteLink[];
  extra?: Record<string, unknown>;
}

export interface ProfileDocument {
  source: string;
  profile?: Profile;
  cluster?: string;
  yaml: string;
  error?: string;
}

/** Exactly one of the two: the text as typed (comments kept), or a parsed profile. */
export type ProfileRequest = { yaml: string } | { profile: Profile };

export const PROFILE_KEY = ["profile"] as const;
export const PROFILE_TEMPLATE_KEY = ["profileTemplate"] as const;

export const profileApi = {
  profile: () => get<ProfileDocument>("/api/profile"),
  template: () => get<ProfileDocument>("/api/profile/template"),
  save: (body: ProfileRequest) => put<ProfileDocument>("/api/profile", body),
};
