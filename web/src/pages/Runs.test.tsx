import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clusterApi } from "../api/cluster";
import { runsApi, type Run } from "../api/runs";
import Runs from "./Runs";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const run = (id: number, extra: Partial<Run> = {}): Run => ({
  id,
  namespace: "models",
  release: "qwen3-8b",
  action: "apply",
  planHash: "sha256:p1",
  changed: true,
  revision: id,
  actor: "alice",
  startedAt: "2026-12-02T10:00:00Z",
  endedAt: "2026-12-02T10:01:00Z",
  ...extra,
});

describe("<Runs>", () => {
  it("says who approved each write that needed an approval", async () => {
    vi.spyOn(clusterApi, "cluster").mockResolvedValue({ name: "lab", profile: "lab", catalog: "", version: "0.1.0", allowDeploy: false });
    vi.spyOn(runsApi, "list").mockResolvedValue({ runs: [run(2, { approvedBy: "bob" }), run(1)], hasStore: true });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <Runs />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole("table", { name: "Runs, newest first" });
    const headers = within(table).getAllByRole("columnheader").map((th) => th.textContent);
    const column = headers.indexOf("Approved by");
    expect(column).toBeGreaterThan(headers.indexOf("Actor"));
    const cells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[column].textContent);
    expect(cells).toEqual(["bob", ""]);
  });
});
