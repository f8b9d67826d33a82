import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DeploymentsPage } from "../api/deployments";
import Deployments, { pageFromQuery } from "./Deployments";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page: DeploymentsPage = {
  cluster: "demo",
  catalogRef: "",
  page: 1,
  perPage: 50,
  summary: { total: 120, catalogBehind: 1, untracked: 1 },
  deployments: [
    { release: "alpha", namespace: "models", revision: 3, backend: "helm", status: "deployed", model: "glm-5.3", version: "1.2", variant: "h100", chart: "vllm-0.4.0", canaryState: "standalone", drift: "catalog moved", podsReady: 1, podsTotal: 2, gpus: 8, updated: "2026-12-02T11:57:00Z" },
    { release: "beta", namespace: "models", revision: 1, backend: "llmsvc", status: "pending-install", model: "qwen", variant: "a", canaryState: "owned", managedBy: { apiVersion: "canary.modelsphere.dev/v1alpha1", kind: "LLMCanary", namespace: "models", name: "exp", verified: true }, uid: "u" },
    { release: "zeta", namespace: "other", revision: 2, backend: "helm", status: "failed", untracked: true, canaryState: "standalone" },
  ],
};

const catalog = {
  name: "default",
  source: "https://lab/index.json",
  ref: "sha256:1",
  index: { models: [{ name: "glm-5.3", latest: "1.3", versions: [{ version: "1.2", variants: [] }, { version: "1.3", variants: [] }] }] },
};

/** The server: the catalog index at /api/catalog, the page of releases anywhere else. */
function renderAt(path: string) {
  const fetch = vi.fn(async (input: string) => new Response(JSON.stringify(input.startsWith("/api/catalog") ? catalog : page), { status: 200 }));
  vi.stubGlobal("fetch", fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Deployments />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe("Deployments", () => {
  it("asks for the page in the query string with the page size, and shows untracked rows first", async () => {
    const fetch = renderAt("/?page=2");
    const table = await screen.findByRole("table", { name: "Releases" });
    expect(fetch).toHaveBeenCalledWith("/api/deployments?page=2&perPage=50", expect.anything());
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0].textContent)).toEqual(["zeta", "alpha" + "catalog moved", "beta"]);
    expect(within(rows[0]).getByText("untracked")).toBeTruthy();
    expect(within(rows[0]).getByText("failed")).toBeTruthy();
    expect(within(rows[0]).queryByRole("link", { name: /Upgrade/ })).toBeNull();
    expect(within(rows[1]).getByText("glm-5.3 v1.2 · h100")).toBeTruthy();
    expect(within(rows[1]).getByRole("link", { name: "Upgrade alpha" }).getAttribute("href")).toBe("/upgrade/models/alpha");
    expect(within(rows[1]).getByRole("link", { name: "Tune alpha" }).getAttribute("href")).toBe("/tune/models/alpha");
    expect(within(rows[2]).getByText("rolling out")).toBeTruthy();
    expect(within(rows[2]).getByText("owned by exp")).toBeTruthy();
    expect(within(rows[2]).getByText("LLMService")).toBeTruthy();
    expect(within(rows[2]).queryByRole("link", { name: /Tune/ })).toBeNull();
    expect(screen.getByRole("link", { name: "alpha" }).getAttribute("href")).toBe("/deployments/models/alpha");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    const previous = screen.getByRole("button", { name: "Previous page" });
    expect(document.getElementById(previous.getAttribute("aria-describedby") ?? "")?.textContent).toBe("This is the first page");
  });

  it("shows each row's ready pods, GPUs and last update, and reads a half-ready release as rolling out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-02T12:00:00Z"));
    renderAt("/");
    const alpha = await screen.findByTestId("deployment-models-alpha");
    const cells = within(alpha).getAllByRole("cell");
    const column = (name: string) => cells[within(screen.getByRole("table", { name: "Releases" })).getAllByRole("columnheader").findIndex((th) => th.textContent === name)];
    expect(column("Ready").textContent).toBe("1/2");
    expect(column("GPUs").textContent).toBe("8");
    expect(column("Updated").textContent).toBe("3 m ago (2026-12-02 11:57:00 UTC)");
    expect(within(column("Status")).getByText("rolling out").getAttribute("title")).toContain("1 of 2 pods ready");
    expect(within(screen.getByTestId("deployment-other-zeta")).getAllByText("unknown").length).toBe(2);
    vi.useRealTimers();
  });

  it("offers the catalog's newer version on the row, opening its upgrade, and counts the row behind the catalog", async () => {
    renderAt("/");
    const chip = await screen.findByRole("link", { name: "1.3 available: upgrade alpha" });
    expect(chip.getAttribute("href")).toBe("/upgrade/models/alpha");
    expect(within(screen.getByTestId("deployment-models-beta")).queryByText(/available/)).toBeNull();
    expect(within(screen.getByRole("region", { name: "Behind catalog" })).getByText("1")).toBeTruthy();
  });

  it("narrows the rows by search words, namespace and model, from the address", async () => {
    renderAt("/?q=ALPHA");
    await screen.findByRole("table", { name: "Releases" });
    expect(screen.queryByTestId("deployment-models-beta")).toBeNull();
    expect(screen.getByTestId("deployment-models-alpha")).toBeTruthy();
    cleanup();

    renderAt("/?namespace=other");
    await screen.findByRole("table", { name: "Releases" });
    expect(screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[0].textContent)).toEqual(["zeta"]);
    expect((screen.getByLabelText("Namespace") as HTMLSelectElement).value).toBe("other");
    cleanup();

    renderAt("/?model=qwen&q=nothing-matches");
    expect(await screen.findByText("No release on this page matches the filters.")).toBeTruthy();
  });

  it("links an empty fleet to the catalog", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ ...page, summary: { total: 0, catalogBehind: 0 }, deployments: [] }))));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Deployments />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole("link", { name: "Pick a model from the catalog" })).getAttribute("href")).toBe("/catalog");
  });

  it("shows the server's error", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: "swiss may not list its plan ConfigMaps" }), { status: 502 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Deployments />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("swiss may not list its plan ConfigMaps");
  });
});

describe("pageFromQuery", () => {
  it("reads the page as the server does", () => {
    expect(pageFromQuery(null)).toBe(1);
    expect(pageFromQuery("x")).toBe(1);
    expect(pageFromQuery("0")).toBe(1);
    expect(pageFromQuery("3")).toBe(3);
  });
});
