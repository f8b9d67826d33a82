// Links between the catalog and deploy pages, carrying the catalog the operator chose.
import { segment, withQuery } from "../api/http";

export function modelLink(name: string, query: { version?: string; catalog?: string } = {}): string {
  return withQuery(`/catalog/${segment(name)}`, query);
}

/**
 * The deploy page of a model. `release` and `namespace` fill the form's Service ID and namespace:
 * how a release swiss did not deploy is adopted (the Deployments page's Adopt leads here).
 */
export function deployLink(name: string, query: { variant?: string; version?: string; catalog?: string; release?: string; namespace?: string } = {}): string {
  return withQuery(`/deploy/${segment(name)}`, query);
}

/** The catalog, to pick the model a release swiss did not deploy runs, before adopting it. */
export function adoptLink(namespace: string, release: string): string {
  return withQuery("/catalog", { adopt: `${namespace}/${release}` });
}

/** The release `?adopt=namespace/release` names, when it names one. */
export function adoptTarget(param: string | null): { namespace: string; release: string } | undefined {
  const [namespace, release, ...rest] = (param ?? "").split("/");
  return namespace && release && rest.length === 0 ? { namespace, release } : undefined;
}
