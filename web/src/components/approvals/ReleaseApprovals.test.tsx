import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { approvalsApi } from "../../api/approvals";
import { queryKeys } from "../../api/queryKeys";
import { approval } from "../../test/approvals";
import { ReleaseApprovals } from "./ReleaseApprovals";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(requireApproval: boolean, canWrite = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.profile(), { source: "profile.yaml", yaml: "", profile: { name: "lab", requireApproval: requireApproval || undefined } });
  const list = vi.spyOn(approvalsApi, "list").mockResolvedValue({
    approvals: [approval({ id: 2, state: "spent" }), approval({ id: 3, requestedBy: "alice" }), approval({ id: 4, action: "uninstall", state: "approved", decidedBy: "bob", planHash: undefined })],
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReleaseApprovals namespace="models" release="qwen3-8b" canWrite={canWrite} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return list;
}

describe("<ReleaseApprovals>", () => {
  it("shows the release's pending and unused approved requests, with the way to the Approvals page", async () => {
    const list = show(true);
    const region = await screen.findByRole("region", { name: "Approvals of qwen3-8b" });
    expect(list).toHaveBeenCalledWith({ namespace: "models", release: "qwen3-8b" });
    const items = [...region.querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain("approval pendingRequest 3: alice asks to apply plan sha256:p1 on models/qwen3-8b");
    expect(items[1]).toContain("Request 4: alice asks to uninstall models/qwen3-8b, approved by bob");
    expect(screen.getByRole("link", { name: "Review on the Approvals page" }).getAttribute("href")).toBe("/approvals");
  });

  it("asks nothing of a site without approvals, nor of a read-only server", () => {
    expect(show(false)).not.toHaveBeenCalled();
    cleanup();
    expect(show(true, false)).not.toHaveBeenCalled();
    expect(screen.queryByRole("region")).toBeNull();
  });
});
