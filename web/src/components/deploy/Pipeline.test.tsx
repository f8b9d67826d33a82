import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/http";
import { plansApi, type ApplyResult, type Plan, type PlanAnswer } from "../../api/plans";
import { queryKeys } from "../../api/queryKeys";
import { NOTHING_TO_APPLY } from "../../deploy/pipeline";
import { usePipeline } from "../../deploy/usePipeline";
import { plan } from "../../test/plans";
import { Pipeline, type PipelineProps, type ShownDiff } from "./Pipeline";
import { approvalsApi, type Approval } from "../../api/approvals";
import { SessionScope } from "../../session/Session";
import { approval } from "../../test/approvals";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const composed: PlanAnswer = plan({ hash: "sha256:p1" });
const applied: ApplyResult = { planHash: "sha256:p1", release: "qwen3-8b", revision: 8, output: "", status: "applied", statusError: "", changed: true };

function Harness(props: {
  diff: ShownDiff;
  apply: PipelineProps["apply"];
  deployed?: Plan;
  adopt?: boolean;
}) {
  const [state, dispatch] = usePipeline();
  const [text, setText] = useState("");
  return (
    <>
      <label>
        Service ID
        <input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            dispatch({ type: "formChanged" });
          }}
        />
      </label>
      <Pipeline state={state} dispatch={dispatch} compose={async () => composed} diff={async () => props.diff} apply={props.apply} deployed={props.deployed} adopt={props.adopt} />
    </>
  );
}

/** Reads the release's stored plan as the release and upgrade pages do; only an invalidation refetches it. */
function ReleasePlanReader({ read }: { read: () => Promise<Plan> }) {
  const stored = useQuery({ queryKey: queryKeys.releasePlan("models", "qwen3-8b"), queryFn: read, staleTime: Infinity });
  return <p>stored plan {stored.data?.hash ?? "loading"}</p>;
}

function show(diff: ShownDiff, apply: PipelineProps["apply"] = vi.fn(async () => applied), readPlan?: () => Promise<Plan>, deployed?: Plan, requireApproval = false, adopt = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The site profile as the page would have read it: whether writes need an approval.
  client.setQueryData(queryKeys.profile(), { source: "profile.yaml", yaml: "", profile: { name: "lab", requireApproval: requireApproval || undefined } });
  const invalidate = vi.spyOn(client, "invalidateQueries");
  render(
    <QueryClientProvider client={client}>
      <SessionScope session={{ authenticated: true, user: "alice" }}>
        <MemoryRouter>
          <Harness diff={diff} apply={apply} deployed={deployed} adopt={adopt} />
          {readPlan && <ReleasePlanReader read={readPlan} />}
        </MemoryRouter>
      </SessionScope>
    </QueryClientProvider>,
  );
  return { apply, invalidate, client };
}

/** The approvals the server keeps for the release, which a test changes as another user would. */
function approvalsServer(initial: Approval[] = []) {
  const server = { approvals: initial };
  const list = vi.spyOn(approvalsApi, "list").mockImplementation(async () => ({ approvals: server.approvals }));
  const request = vi.spyOn(approvalsApi, "request").mockImplementation(async (body) => {
    const created = approval({ id: 5, ...body, planHash: body.planHash, revision: 7, state: "pending", requestedBy: "alice" });
    server.approvals = [created];
    return created;
  });
  return { server, list, request };
}

async function planAndDiff() {
  fireEvent.click(screen.getByRole("button", { name: "Plan" }));
  await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByRole("button", { name: "Diff" }));
  await screen.findByText(/Against live revision|does not exist yet/);
}

/** The button's accessible description: the text of the elements its aria-describedby names. */
function description(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id !== "");
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("<Pipeline>", () => {
  it("adopts a release swiss does not keep once the diff is empty, and asks for an empty diff otherwise", async () => {
    const adopted = vi.fn(async () => ({ ...applied, revision: 1, changed: false }));
    show({ planHash: "sha256:p1", revision: 1, exists: true, changed: false, output: "" }, adopted, undefined, undefined, false, true);
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 1");
    fireEvent.click(screen.getByRole("button", { name: "Adopt" }));
    await waitFor(() => expect(adopted).toHaveBeenCalledWith({ planHash: "sha256:p1", expectRevision: 1 }, false, true));
    await screen.findByText("qwen3-8b adopted at revision 1: its plan is kept beside it now, and nothing in it changed");
    cleanup();

    show({ planHash: "sha256:p1", revision: 1, exists: true, changed: true, output: "~ replicas" }, adopted, undefined, undefined, false, true);
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 1");
    const adopt = screen.getByRole("button", { name: "Adopt" }) as HTMLButtonElement;
    expect(adopt.disabled).toBe(true);
    expect(description(adopt)).toContain("Adopting needs an empty diff");
  });

  it("brings each answer into view as it arrives, below the steps that stay in view", async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: the test records whom the page asks.
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.querySelector("h2")?.textContent ?? "");
    };
    try {
      show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas" });
      expect(screen.getByRole("list", { name: "Deploy steps" }).className).toContain("sticky");
      fireEvent.click(screen.getByRole("button", { name: "Plan" }));
      await waitFor(() => expect(scrolled).toEqual(["Plan"]));
      fireEvent.click(screen.getByRole("button", { name: "Diff" }));
      await waitFor(() => expect(scrolled).toEqual(["Plan", "Diff"]));
      fireEvent.click(screen.getByRole("button", { name: "Apply" }));
      await waitFor(() => expect(scrolled).toEqual(["Plan", "Diff", "Status"]));
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it("gates Diff on a plan and Apply on a diff, and applies with the diff's revision", async () => {
    const { apply, invalidate } = show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas" });
    expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 7");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("qwen3-8b submitted at revision 8");
    expect(apply).toHaveBeenCalledWith({ planHash: "sha256:p1", expectRevision: 7 }, false, false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.deployments() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.releaseStatus("models", "qwen3-8b") });
    expect(screen.getByRole("link", { name: "Open models/qwen3-8b" }).getAttribute("href")).toBe("/deployments/models/qwen3-8b");
  });

  it("refetches the release's stored plan after an apply, so the release page shows the new one", async () => {
    const readPlan = vi
      .fn<() => Promise<Plan>>()
      .mockResolvedValueOnce(plan({ hash: "sha256:old" }))
      .mockResolvedValue(plan({ hash: "sha256:p1" }));
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas" }, undefined, readPlan);
    await screen.findByText("stored plan sha256:old");
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 7");
    expect(readPlan).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("qwen3-8b submitted at revision 8");
    await screen.findByText("stored plan sha256:p1");
    expect(readPlan).toHaveBeenCalledTimes(2);
  });

  it("explains a disabled step to a screen reader, not only in a tooltip", async () => {
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas" });
    const diff = screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement;
    expect(diff.disabled).toBe(true);
    expect(description(diff)).toBe("Plan first: a diff compares a plan with the live release");
    expect(description(screen.getByRole("button", { name: "Apply" }))).toMatch(/^Diff first/);
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect(diff.disabled).toBe(false));
    expect(description(diff)).toBe("");
  });

  it("installs when the diff finds no release", async () => {
    const { apply } = show({ planHash: "sha256:p1", revision: 0, exists: false, changed: true, output: "+ all" });
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText(/does not exist yet/);
    fireEvent.click(screen.getByRole("button", { name: "Install" }));
    await waitFor(() => expect(apply).toHaveBeenCalledWith({ planHash: "sha256:p1", expectRevision: 0 }, true, false));
  });

  it("discards plan and diff when the form changes", async () => {
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: false, output: "" });
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Nothing would change.");
    fireEvent.change(screen.getByLabelText("Service ID"), { target: { value: "other" } });
    expect(screen.queryByText("Nothing would change.")).toBeNull();
    expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("disables Apply after a diff of a live release that shows no change, and says so in visible text", async () => {
    const { apply } = show({ planHash: "sha256:p1", revision: 7, exists: true, changed: false, output: "" });
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Nothing would change.");
    const applyButton = screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement;
    expect(applyButton.disabled).toBe(true);
    expect(description(applyButton)).toMatch(/^The last diff shows no change/);
    expect(screen.getByRole("status").textContent).toBe(`Apply is disabled. ${NOTHING_TO_APPLY}`);
    fireEvent.click(applyButton);
    expect(apply).not.toHaveBeenCalled();
  });

  it("keeps Apply for an empty diff of a plan other than the deployed one, saying only the plan changes", async () => {
    const { apply } = show({ planHash: "sha256:p1", revision: 7, exists: true, changed: false, output: "" }, undefined, undefined, plan({ hash: "sha256:live" }));
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText(/No object changes, but the plan differs/);
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(apply).toHaveBeenCalled());
  });

  it("says nothing about an empty diff while the diff shows changes", async () => {
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas" });
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 7");
    expect(screen.queryByText(/shows no change/)).toBeNull();
  });

  it("leads the diff with the values that differ from the deployed plan, and colours and folds the output", async () => {
    const deployed = plan({ hash: "sha256:live", layers: { ...composed.layers, catalog: { ...composed.layers!.catalog, image: { tag: "v0.5.19" } }, form: { ...composed.layers!.form, replicaCount: 1 } } });
    const output = ["--- Deployment/chat (revision 7)", "+++ Deployment/chat (plan)", "@@ -1,9 +1,9 @@", ...Array.from({ length: 7 }, (_, i) => `   line${i}: x`), "-  replicas: 1", "+  replicas: 2"].join("\n");
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output }, undefined, undefined, deployed);
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    const changes = await screen.findByRole("list", { name: "Value changes" });
    expect([...changes.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["image.tag v0.5.19 → unset", "replicaCount 1 → unset"]);
    const region = screen.getByRole("region", { name: "Diff output" });
    expect(region.querySelector('[data-kind="add"]')?.textContent).toBe("+  replicas: 2");
    expect(region.querySelector('[data-kind="remove"]')?.textContent).toBe("-  replicas: 1");
    expect(screen.getByText("3 unchanged lines")).toBeTruthy();
  });

  it("lists no value changes for an install, nor once the apply is done", async () => {
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~" }, undefined, undefined, plan({ hash: "sha256:live", layers: { form: { replicaCount: 3 } } }));
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByRole("list", { name: "Value changes" });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("qwen3-8b submitted at revision 8");
    expect(screen.queryByRole("list", { name: "Value changes" })).toBeNull();
    cleanup();
    show({ planHash: "sha256:p1", revision: 0, exists: false, changed: true, output: "+" }, undefined, undefined, plan({ hash: "sha256:live" }));
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText(/does not exist yet/);
    expect(screen.queryByText(/value differs|Value changes/)).toBeNull();
  });

  it("says the release stayed where it was when the server made the apply a no-op", async () => {
    const noOp = vi.fn(async () => ({ ...applied, revision: 7, changed: false }) as ApplyResult);
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~" }, noOp);
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 7");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("qwen3-8b unchanged: nothing differed, it stays at revision 7");
  });

  describe("the chart archive the diff rendered", () => {
    const digest = "sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b";

    /**
     * Stubs the server's apply and install, keeping the bodies posted; the Apply step is wired as
     * the pages wire it. The status the result panel then reads is not this test's business (404).
     */
    function serverKeepingBodies() {
      const bodies: Array<{ path: string; body: Record<string, unknown> }> = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (path: string, init?: RequestInit) => {
          if (init?.method !== "POST") {
            return new Response(JSON.stringify({ error: "not here" }), { status: 404 });
          }
          bodies.push({ path, body: JSON.parse(String(init.body)) as Record<string, unknown> });
          return new Response(JSON.stringify(applied), { status: 200 });
        }),
      );
      const throughTheApi: PipelineProps["apply"] = (body, install) => (install ? plansApi.install(body) : plansApi.apply(body));
      return { bodies, throughTheApi };
    }

    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("shows its digest short, with the full one kept, and the apply sends it back as expectChartDigest", async () => {
      const { bodies, throughTheApi } = serverKeepingBodies();
      show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas", chartDigest: digest }, throughTheApi);
      await planAndDiff();
      const shown = screen.getByTitle(digest);
      expect(within(shown).getByText("sha256:1a2b3c4d5e6f")).toBeTruthy();
      expect(shown.textContent).toContain(digest);
      fireEvent.click(screen.getByRole("button", { name: "Apply" }));
      await screen.findByText("qwen3-8b submitted at revision 8");
      expect(bodies).toEqual([{ path: "/api/apply", body: { planHash: "sha256:p1", expectRevision: 7, expectChartDigest: digest } }]);
    });

    it("pins it on an install too, and sends no expectChartDigest after a diff without one", async () => {
      const { bodies, throughTheApi } = serverKeepingBodies();
      show({ planHash: "sha256:p1", revision: 0, exists: false, changed: true, output: "+ all", chartDigest: digest }, throughTheApi);
      await planAndDiff();
      fireEvent.click(screen.getByRole("button", { name: "Install" }));
      await screen.findByText("qwen3-8b submitted at revision 8");
      expect(bodies).toEqual([{ path: "/api/install", body: { planHash: "sha256:p1", expectRevision: 0, expectChartDigest: digest } }]);
      cleanup();

      bodies.length = 0;
      show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas" }, throughTheApi);
      await planAndDiff();
      expect(screen.queryByText(/Chart digest/)).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Apply" }));
      await screen.findByText("qwen3-8b submitted at revision 8");
      expect(bodies).toEqual([{ path: "/api/apply", body: { planHash: "sha256:p1", expectRevision: 7 } }]);
    });

    it("shows the server's refusal of a chart pushed again since the diff, saying to diff again, and offers no force", async () => {
      const refusal =
        "chart sglang 0.8.0 changed since the diff this apply follows: the diff showed digest sha256:aaa, the chart has sha256:bbb now (the version was pushed again); nothing was written. Diff again, review what the new archive changes, and apply with its digest";
      const apply = vi.fn(async () => Promise.reject(new ApiError(refusal, 409)));
      show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~", chartDigest: digest }, apply);
      await planAndDiff();
      fireEvent.click(screen.getByRole("button", { name: "Apply" }));
      expect((await screen.findByRole("alert")).textContent).toBe(refusal);
      expect(screen.getByText(/Run Diff again/)).toBeTruthy();
      expect(screen.queryByRole("button", { name: /anyway/ })).toBeNull();
    });
  });

  it("shows a 409 with the server's message", async () => {
    const apply = vi.fn(async () => Promise.reject(new ApiError("release moved from revision 7 to 8 since you looked; re-check it before applying", 409)));
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~" }, apply);
    fireEvent.click(screen.getByRole("button", { name: "Plan" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Diff" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 7");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByRole("alert")).textContent).toContain("release moved from revision 7 to 8 since you looked; re-check it before applying");
    expect(screen.getByText(/Run Diff again/)).toBeTruthy();
  });

  describe("on a site that requires approval", () => {
    it("asks for an approval of the diffed plan, waits while it is pending, and applies once another user approved it", async () => {
      const { server, request } = approvalsServer();
      const { apply, invalidate } = show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~ replicas" }, undefined, undefined, undefined, true);
      const applyButton = () => screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement;
      expect((screen.getByRole("button", { name: "Request approval" }) as HTMLButtonElement).disabled).toBe(true);
      await planAndDiff();
      expect(applyButton().disabled).toBe(true);
      expect(description(applyButton())).toMatch(/^Request approval first/);
      expect(screen.getByRole("status", { name: "Approval" }).textContent).toMatch(/This site requires approval/);

      fireEvent.change(screen.getByLabelText("Note"), { target: { value: "more replicas for the launch" } });
      fireEvent.click(screen.getByRole("button", { name: "Request approval" }));
      await screen.findByText("Approval pending");
      expect(request).toHaveBeenCalledWith({ action: "apply", namespace: "models", release: "qwen3-8b", planHash: "sha256:p1", toRevision: undefined, note: "more replicas for the launch" });
      expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.approvals() });
      expect(applyButton().disabled).toBe(true);
      expect(description(applyButton())).toBe("Waiting for approval: request 5 is pending until another user approves it");

      // Bob approves in his own browser: only the poll of the pending request can tell this page.
      server.approvals = [{ ...server.approvals[0], state: "approved", decidedBy: "bob" }];
      await screen.findByText("Approved", undefined, { timeout: 5_000 });
      expect(screen.getByRole("status", { name: "Approval" }).textContent).toMatch(/Approved by bob/);
      expect(applyButton().disabled).toBe(false);
      fireEvent.click(applyButton());
      await screen.findByText("qwen3-8b submitted at revision 8");
      expect(apply).toHaveBeenCalledWith({ planHash: "sha256:p1", expectRevision: 7, note: "more replicas for the launch" }, false, false);
    });

    it("does not take another user's request, nor one for another plan, as this write's approval", async () => {
      approvalsServer([approval({ id: 2, state: "approved", requestedBy: "bob" }), approval({ id: 3, state: "approved", planHash: "sha256:other" })]);
      show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~" }, undefined, undefined, undefined, true);
      await planAndDiff();
      await screen.findByText(/This site requires approval/);
      expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole("button", { name: "Request approval" }) as HTMLButtonElement).disabled).toBe(false);
    });

    it("offers to ask again after a rejection, saying who rejected it and why", async () => {
      approvalsServer([approval({ id: 4, state: "rejected", decidedBy: "bob", decisionNote: "not during the launch" })]);
      show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~" }, undefined, undefined, undefined, true);
      await planAndDiff();
      const notice = await screen.findByRole("status", { name: "Approval" });
      await waitFor(() => expect(notice.textContent).toMatch(/Rejected by bob/));
      expect(notice.textContent).toContain("not during the launch");
      expect(description(screen.getByRole("button", { name: "Apply" }))).toBe("Request approval again: request 4 is rejected");
      expect((screen.getByRole("button", { name: "Request approval" }) as HTMLButtonElement).disabled).toBe(false);
    });

    it("keeps the empty-diff rule: nothing to apply is nothing to approve", async () => {
      const { request } = approvalsServer();
      show({ planHash: "sha256:p1", revision: 7, exists: true, changed: false, output: "" }, undefined, undefined, undefined, true);
      await planAndDiff();
      const ask = screen.getByRole("button", { name: "Request approval" }) as HTMLButtonElement;
      expect(ask.disabled).toBe(true);
      expect(description(ask)).toBe(NOTHING_TO_APPLY);
      expect(screen.queryByRole("status", { name: "Approval" })).toBeNull();
      fireEvent.click(ask);
      expect(request).not.toHaveBeenCalled();
    });
  });

  it("asks for a rollback's approval by the revision it restores, not by a plan", async () => {
    const { request } = approvalsServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.profile(), { source: "profile.yaml", yaml: "", profile: { name: "lab", requireApproval: true } });
    const rollback = vi.fn(async () => applied);
    function RollbackHarness() {
      const [state, dispatch] = usePipeline(plan({ hash: "sha256:r2" }));
      return (
        <Pipeline
          rollback
          rollbackTo={2}
          state={state}
          dispatch={dispatch}
          diff={async () => ({ planHash: "sha256:r2", revision: 7, exists: true, changed: true, output: "~" })}
          apply={rollback}
        />
      );
    }
    render(
      <QueryClientProvider client={client}>
        <SessionScope session={{ authenticated: true, user: "alice" }}>
          <MemoryRouter>
            <RollbackHarness />
          </MemoryRouter>
        </SessionScope>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Diff" }));
    await screen.findByText("Against live revision 7");
    expect((screen.getByRole("button", { name: "Roll back" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Request approval" }));
    await waitFor(() => expect(request).toHaveBeenCalledWith({ action: "rollback", namespace: "models", release: "qwen3-8b", planHash: undefined, toRevision: 2, note: undefined }));
    expect(rollback).not.toHaveBeenCalled();
  });

  it("opens the approval step when the server refuses a write for want of an approval the profile did not mention", async () => {
    approvalsServer();
    const apply = vi.fn(async () => Promise.reject(new ApiError("apply of models/qwen3-8b needs an approved request (POST /api/approvals)", 409, "approvalRequired")));
    show({ planHash: "sha256:p1", revision: 7, exists: true, changed: true, output: "~" }, apply);
    await planAndDiff();
    expect(screen.queryByRole("button", { name: "Request approval" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByRole("alert")).textContent).toContain("needs an approved request");
    expect(screen.getByText(/needs another user's approval of this write/)).toBeTruthy();
    expect(screen.queryByText(/Run Diff again/)).toBeNull();
    expect((screen.getByRole("button", { name: "Request approval" }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
