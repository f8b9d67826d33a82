import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { approvalsApi, type Approval } from "../api/approvals";
import { ApiError } from "../api/http";
import { plansApi } from "../api/plans";
import { queryKeys } from "../api/queryKeys";
import { SessionScope } from "../session/Session";
import { approval } from "../test/approvals";
import Approvals from "./Approvals";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const fromAlice = approval({ id: 5, note: "two replicas for the launch", requestedAt: "2026-12-02T10:00:00Z" });
const fromBob = approval({ id: 6, requestedBy: "bob", action: "uninstall", planHash: undefined, requestedAt: "2026-12-02T11:00:00Z" });
const spent = approval({ id: 3, state: "spent", decidedBy: "bob", requestedAt: "2026-12-01T00:00:00Z" });
const rejected = approval({ id: 4, state: "rejected", decidedBy: "carol", decisionNote: "not now", requestedAt: "2026-12-02T00:00:00Z" });

function show(approvals: Approval[], user = "bob", approvers?: string[], allowDeploy = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.cluster(), { name: "lab", profile: "lab", catalog: "", version: "0.1.0", allowDeploy });
  client.setQueryData(queryKeys.profile(), { source: "profile.yaml", yaml: "", profile: { name: "lab", requireApproval: true, approvers } });
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const list = vi.spyOn(approvalsApi, "list").mockResolvedValue({ approvals });
  render(
    <QueryClientProvider client={client}>
      <SessionScope session={{ authenticated: true, user }}>
        <MemoryRouter>
          <Approvals />
        </MemoryRouter>
      </SessionScope>
    </QueryClientProvider>,
  );
  return { invalidate, list };
}

/** The button's accessible description: the text of the elements its aria-describedby names. */
function description(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id !== "");
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

const requestIds = (table: HTMLElement) => within(table).getAllByRole("row").slice(1).map((row) => row.querySelector("td")?.textContent);

describe("<Approvals>", () => {
  it("lists the pending requests first, longest waiting on top, then the recent ones newest first", async () => {
    show([spent, fromBob, rejected, fromAlice]);
    const pending = await screen.findByRole("table", { name: /^Pending approval requests/ });
    expect(requestIds(pending)).toEqual(["5", "6"]);
    expect(requestIds(screen.getByRole("table", { name: /^Recent approval requests/ }))).toEqual(["4", "3"]);
    const row = within(pending).getAllByRole("row")[1];
    expect(row.textContent).toContain("sha256:p1");
    expect(row.textContent).toContain("two replicas for the launch");
    expect(within(row).getByRole("link", { name: "qwen3-8b" }).getAttribute("href")).toBe("/deployments/models/qwen3-8b");
    expect(row.querySelector("time")?.getAttribute("datetime")).toBe("2026-12-02T10:00:00Z");
    expect(screen.getByText("by carol: “not now”")).toBeTruthy();
    // Decided requests offer no decision.
    expect(screen.queryByRole("button", { name: "Approve request 4" })).toBeNull();
  });

  it("does not let a user approve their own request, and says why to a screen reader", async () => {
    show([fromAlice, fromBob], "bob");
    const own = (await screen.findByRole("button", { name: "Approve request 6" })) as HTMLButtonElement;
    expect(own.disabled).toBe(true);
    expect(description(own)).toBe("You asked for this: another user must approve it");
    expect((screen.getByRole("button", { name: "Withdraw request 6" }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole("button", { name: "Approve request 5" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps approving to the approvers the profile names", async () => {
    show([fromAlice], "carol", ["bob"]);
    const approve = (await screen.findByRole("button", { name: "Approve request 5" })) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(description(approve)).toBe("Only bob may approve on this site");
  });

  it("shows the diff the requester will apply before the approval, then approves and refreshes the approvals", async () => {
    const { invalidate } = show([fromAlice]);
    let answerDiff: (value: Awaited<ReturnType<typeof plansApi.diff>>) => void = () => undefined;
    const diff = vi.spyOn(plansApi, "diff").mockReturnValue(new Promise((resolve) => (answerDiff = resolve)));
    const approve = vi.spyOn(approvalsApi, "approve").mockResolvedValue({ ...fromAlice, state: "approved", decidedBy: "bob" });
    fireEvent.click(await screen.findByRole("button", { name: "Approve request 5" }));
    const review = screen.getByRole("region", { name: "Review request 5" });
    expect(diff).toHaveBeenCalledWith({ planHash: "sha256:p1" });
    const confirm = within(review).getByRole("button", { name: "Approve" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(description(confirm)).toMatch(/^The diff has to load first/);

    answerDiff({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "--- a\n+++ b\n-  replicas: 1\n+  replicas: 2" });
    await within(review).findByText("Against live revision 7");
    expect(within(review).getByRole("region", { name: "Diff output" }).textContent).toContain("+  replicas: 2");
    fireEvent.change(within(review).getByLabelText("Decision note"), { target: { value: "looks right" } });
    fireEvent.click(confirm);
    await screen.findByText(/^Request 5 approved/);
    expect(approve).toHaveBeenCalledWith(5, { note: "looks right" });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.approvals() });
    expect(screen.queryByRole("region", { name: "Review request 5" })).toBeNull();
  });

  it("reviews a rollback against the revision it restores, and says so when the release has moved since", async () => {
    show([approval({ id: 8, action: "rollback", planHash: undefined, toRevision: 2, revision: 5 })]);
    const diffRevision = vi.spyOn(plansApi, "diffRevision").mockResolvedValue({ planHash: "sha256:r2", toRevision: 2, revision: 6, exists: true, changed: true, output: "~" });
    const diff = vi.spyOn(plansApi, "diff");
    fireEvent.click(await screen.findByRole("button", { name: "Approve request 8" }));
    await screen.findByText(/it has moved since the request \(revision 5\)/);
    expect(diffRevision).toHaveBeenCalledWith("models", "qwen3-8b", 2);
    expect(diff).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a decision", async () => {
    show([fromAlice]);
    vi.spyOn(approvalsApi, "reject").mockRejectedValue(new ApiError("request 5 is no longer pending (expired)", 409));
    fireEvent.click(await screen.findByRole("button", { name: "Reject request 5" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("request 5 is no longer pending (expired)"));
  });

  it("asks a read-only server for no approvals, and says why there are none", async () => {
    const { list } = show([fromAlice], "bob", undefined, false);
    await screen.findByText(/This swiss serve is read-only/);
    expect(list).not.toHaveBeenCalled();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
