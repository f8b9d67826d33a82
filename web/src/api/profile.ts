// The site profile: GET/PUT /api/profile and GET /api/profile/template. Types come from
// docs/openapi.yaml (ProfileDocument, Profile, ProfileRoute, CatalogRepo, ProfileRequest).
import { get, put } from "./http";
import type { ProfileDocument, ProfileRequest } from "./types";

export type { CatalogRepo, Profile, ProfileDocument, ProfileRequest, ProfileRoute } from "./types";

export const profileApi = {
  profile: () => get<ProfileDocument>("/api/profile"),
  template: () => get<ProfileDocument>("/api/profile/template"),
  save: (body: ProfileRequest) => put<ProfileDocument>("/api/profile", body),
};
