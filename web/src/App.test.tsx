import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, newQueryClient } from "./App";
import type { ClusterInfo, Session } from "./api/types";

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
});
