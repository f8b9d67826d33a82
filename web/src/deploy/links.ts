// Links between the catalog and deploy pages, carrying the catalog the operator chose.
import { segment, withQuery } from "../api/http";

export function modelLink(name: string, query: { version?: string; catalog?: string } = {}): string {
  return withQuery(`/catalog/${segment(name)}`, query);
}

export function deployLink(name: string, query: { variant?: string; version?: string; catalog?: string } = {}): string {
  return withQuery(`/deploy/${segment(name)}`, query);
}
