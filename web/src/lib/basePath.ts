// Where the UI is mounted. Behind a proxy that serves swiss under a prefix (`/api/deploy/`), the
// server writes `<base href="/api/deploy/">` into index.html; every API call, the event stream and
// the router's links are made under it. Without a <base> element (the Vite dev server, the tests)
// the UI is at the root: the page's own address says where the user is, not where swiss is.

/** The mount prefix without its trailing slash: `""` at the root, `/api/deploy` under a proxy. */
export function basePathOf(baseHref: string | undefined): string {
  return baseHref ? new URL(baseHref).pathname.replace(/\/+$/, "") : "";
}

export const basePath =
  typeof document === "undefined" ? "" : basePathOf(document.querySelector("base")?.href);

/** An absolute path of the server (`/api/session`) as the browser must ask for it. */
export const underBase = (path: string) => `${basePath}${path}`;
