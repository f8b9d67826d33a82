import { segment, withQuery } from "../../api/http";

// Where each release page lives; one place so links never drift from App.tsx's routes.
export const detailPath = (ns: string, release: string) => `/deployments/${segment(ns)}/${segment(release)}`;
export const upgradePath = (ns: string, release: string) => `/upgrade/${segment(ns)}/${segment(release)}`;
export const rollbackPath = (ns: string, release: string, revision: number) => `${upgradePath(ns, release)}?rollback=${revision}`;
export const tunePath = (ns: string, release: string) => `/tune/${segment(ns)}/${segment(release)}`;
export const historyPath = (ns: string, release: string) => withQuery("/runs", { namespace: ns, release });
