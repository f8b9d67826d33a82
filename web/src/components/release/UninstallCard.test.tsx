import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { releasesApi, type StatusReport } from "../../api/releases";
import { runsApi } from "../../api/runs";
import { plan } from "../../test/plans";
import { UninstallCard, UninstalledCard, type Uninstalled } from "./UninstallCard";
import { approvalsApi, type Approval } from "../../api/approvals";
import { queryKeys } from "../../api/queryKeys";
import { SessionScope } from "../../session/Session";
import { approval } from "../../test/approvals";

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

function wrap(children: React.ReactNode, requireApproval = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.profile(), { source: "profile.yaml", yaml: "", profile: { name: "lab", requireApproval: requireApproval || undefined } });
  return (
    <QueryClientProvider client={client}>
      <SessionScope session={{ authenticated: true, user: "alice" }}>
        <MemoryRouter>{children}</MemoryRouter>
      </SessionScope>
    </QueryClientProvider>
  );
}

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

describe("<UninstallCard> while the uninstall is in flight", () => {
  it("tells the page it is sent, so the page stops reading the release, and tells it again when it failed", async () => {
    let fail: (error: Error) => void = () => undefined;
    vi.spyOn(releasesApi, "uninstall").mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const onUninstalling = vi.fn();
    render(wrap(<UninstallCard status={status} plan={plan()} onUninstalling={onUninstalling} onUninstalled={vi.fn()} />));
    fireEvent.change(screen.getByLabelText("Type qwen3-8b to confirm"), { target: { value: "qwen3-8b" } });
    fireEvent.click(screen.getByRole("button", { name: "Uninstall" }));
    await waitFor(() => expect(onUninstalling).toHaveBeenCalledWith(true));
    expect(onUninstalling).not.toHaveBeenCalledWith(false);
    fail(new Error("helm said no"));
    await waitFor(() => expect(onUninstalling).toHaveBeenLastCalledWith(false));
    await screen.findByText("helm said no");
  });
});

describe("<UninstallCard> on a site that requires approval", () => {
  it("asks another user to approve the uninstall, and uninstalls only once they have", async () => {
    let approvals: Approval[] = [];
    vi.spyOn(approvalsApi, "list").mockImplementation(async () => ({ approvals }));
    const request = vi.spyOn(approvalsApi, "request").mockImplementation(async (body) => {
      approvals = [approval({ id: 9, ...body, planHash: undefined, revision: 2 })];
      return approvals[0];
    });
    const uninstall = vi.spyOn(releasesApi, "uninstall").mockResolvedValue({ release: "qwen3-8b", namespace: "models", output: "", planError: "" });
    vi.spyOn(runsApi, "list").mockResolvedValue({ runs: [], hasStore: true });
    render(wrap(<UninstallCard status={status} plan={plan()} onUninstalled={vi.fn()} />, true));
    fireEvent.change(screen.getByLabelText("Type qwen3-8b to confirm"), { target: { value: "qwen3-8b" } });
    const button = screen.getByRole("button", { name: "Uninstall" }) as HTMLButtonElement;
    await screen.findByText(/This site requires approval/);
    expect(button.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("Why (for the approver)"), { target: { value: "retired model" } });
    fireEvent.click(screen.getByRole("button", { name: "Request approval" }));
    await screen.findByText(/Approval request 9 for this uninstall/);
    expect(request).toHaveBeenCalledWith({ action: "uninstall", namespace: "models", release: "qwen3-8b", planHash: undefined, toRevision: undefined, note: "retired model" });
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Request approval" })).toBeNull();

    approvals = [{ ...approvals[0], state: "approved", decidedBy: "bob" }];
    await screen.findByText(/Approved by bob/, undefined, { timeout: 5_000 });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(uninstall).toHaveBeenCalled());
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
