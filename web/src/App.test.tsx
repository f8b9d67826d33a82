import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, newQueryClient } from "./App";
import type { ClusterInfo, Session } from "./api/types";
import { plan } from "./test/plans";

const session: Session = { authenticated: true, authDisabled: true, initialized: true };
const cluster: ClusterInfo = { name: "demo", profile: "lab", catalog: "https://lab/index.json", version: "0.1.0", allowDeploy: true };

/** The server, answering the deployments list without its rows (a proxy's half answer, say). */
function serveABadDeploymentsPage() {
  const answers: Record<string, unknown> = {
    "/api/session": session,
    "/api/cluster": cluster,
    "/api/deployments": { cluster: "demo", page: 1, perPage: 50 },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const path = new URL(input, "http://localhost").pathname;
      return path in answers ? new Response(JSON.stringify(answers[path]), { status: 200 }) : new Response("{}", { status: 404 });
    }),
  );
}

beforeEach(() => {
  // React and the boundary report the caught render error on the console.
  vi.spyOn(console, "error").mockImplementation(() => {});
  window.history.pushState({}, "", "/");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("<App>", () => {
  it("shows a page that fails on a bad answer as an error with the ways out, and keeps the navigation", async () => {
    serveABadDeploymentsPage();
    render(<App queryClient={newQueryClient()} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This page could not be shown");
    expect(within(alert).getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(within(alert).getByRole("link", { name: "Back to deployments" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Catalog" })).toBeTruthy();
  });

  it("answers a path no route matches with a not-found page", async () => {
    serve({});
    window.history.pushState({}, "", "/no/such/page");
    render(<App queryClient={newQueryClient()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Where to go instead" })).toBeTruthy();
  });

  it("answers a release with no helm release, LLMService or plan with a not-found page, without its actions", async () => {
    serve({ "/api/releases/models/does-not-exist/status": { release: "does-not-exist", namespace: "models", exists: false, revision: 0, pods: [], ready: 0, total: 0, authPrefix: "", canaryState: "standalone" } });
    window.history.pushState({}, "", "/deployments/models/does-not-exist");
    render(<App queryClient={newQueryClient()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Release not found" })).toBeTruthy();
    expect(screen.getByText(/no release does-not-exist in namespace models/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /History|Upgrade/ })).toBeNull();
  });

  it("still opens the page of a release whose plan outlived it, so it can be cleaned up", async () => {
    serve({
      "/api/releases/models/gone/status": { release: "gone", namespace: "models", exists: false, revision: 0, pods: [], ready: 0, total: 0, authPrefix: "", canaryState: "standalone" },
      "/api/releases/models/gone/plan": plan({ release: { name: "gone", namespace: "models" } }),
    });
    window.history.pushState({}, "", "/deployments/models/gone");
    render(<App queryClient={newQueryClient()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "gone" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Release not found" })).toBeNull();
  });
});

/** The server with the session and cluster answers plus `more`; anything else is a 404. */
function serve(more: Record<string, unknown>) {
  const answers: Record<string, unknown> = { "/api/session": session, "/api/cluster": cluster, ...more };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const path = new URL(input, "http://localhost").pathname;
      return path in answers ? new Response(JSON.stringify(answers[path]), { status: 200 }) : new Response(JSON.stringify({ error: "not found" }), { status: 404 });
    }),
  );
}
