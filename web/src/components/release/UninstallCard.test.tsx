import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { releasesApi, type StatusReport } from "../../api/releases";
import { runsApi } from "../../api/runs";
import { plan } from "../../test/plans";
import { UninstallCard, UninstalledCard, type Uninstalled } from "./UninstallCard";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const status: StatusReport = {
  release: "qwen3-8b",
  namespace: "models",
  exists: true,
  revision: 2,
  ready: 1,
  total: 1,
  authPrefix: "",
  canaryState: "standalone",
  pods: [{ name: "q-0", phase: "Running", ready: true, restarts: 0, node: "h100-a", ageSeconds: 9 }],
};

const wrap = (children: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

describe("<UninstallCard>", () => {
  it("says what it costs before, and hands over the result and its run once the name is typed", async () => {
    const result = { release: "qwen3-8b", namespace: "models", output: "uninstalled", planError: "" };
    vi.spyOn(releasesApi, "uninstall").mockResolvedValue(result);
    const run = { id: 41, namespace: "models", release: "qwen3-8b", action: "uninstall", planHash: "", changed: true, startedAt: "", endedAt: "" };
    vi.spyOn(runsApi, "list").mockResolvedValue({ runs: [{ ...run, id: 12 }, run], hasStore: true });
    const onUninstalled = vi.fn();
    render(wrap(<UninstallCard status={status} plan={plan()} onUninstalled={onUninstalled} />));
    const cost = screen.getByRole("list", { name: "What uninstalling costs" });
    expect(cost.textContent).toContain("Stops 1 pod; the GPUs they hold could not be read.");
    expect(cost.textContent).toContain("loads the weights of qwen3-8b");
    fireEvent.change(screen.getByLabelText("Type qwen3-8b to confirm"), { target: { value: "qwen3-8b" } });
    fireEvent.click(screen.getByRole("button", { name: "Uninstall" }));
    await waitFor(() => expect(onUninstalled).toHaveBeenCalledWith({ namespace: "models", release: "qwen3-8b", result, run }));
  });
});

describe("<UninstalledCard>", () => {
  it("links to the uninstall runs of the release, naming the run", () => {
    const done: Uninstalled = { namespace: "models", release: "qwen3-8b", result: { release: "qwen3-8b", namespace: "models", output: "", planError: "" }, run: { id: 41 } as Uninstalled["run"] };
    render(wrap(<UninstalledCard done={done} />));
    expect(screen.getByRole("status").textContent).toBe("models/qwen3-8b was uninstalled.");
    expect(screen.getByRole("link", { name: "Run 41 in the audit log" }).getAttribute("href")).toBe("/runs?namespace=models&release=qwen3-8b&action=uninstall");
  });
});
