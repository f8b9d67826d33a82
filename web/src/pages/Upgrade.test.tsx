import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clusterApi } from "../api/cluster";
import { ApiError } from "../api/http";
import { plansApi, type ApplyResult } from "../api/plans";
import { queryKeys } from "../api/queryKeys";
import { rollbackPath } from "../components/release/paths";
import { SessionScope } from "../session/Session";
import { plan } from "../test/plans";
import Upgrade from "./Upgrade";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rolledBack: ApplyResult = { planHash: "sha256:r2", release: "qwen3-8b", revision: 8, output: "", status: "applied", statusError: "", changed: true };

/** What the server says when the chart version revision 2 ran was pushed again since. */
const movedChart =
  "rollback of models/qwen3-8b to revision 2 refused, nothing was written: that revision ran chart sglang 0.8.0 with digest sha256:aaa, and the chart has sha256:bbb now (the version was pushed again). Roll back anyway with forceChart (swiss rollback --force-chart), which is recorded, or apply a plan with a chart version you have reviewed";

/** The rollback page for revision 2 of models/qwen3-8b, on a site that needs no approval; `rollback` answers the write. */
function showRollback(rollback: () => Promise<ApplyResult>) {
  vi.spyOn(clusterApi, "cluster").mockResolvedValue({ name: "lab", profile: "profile.yaml", catalog: "", version: "test", allowDeploy: true });
  vi.spyOn(plansApi, "releasePlan").mockResolvedValue(plan({ hash: "sha256:live" }));
  vi.spyOn(plansApi, "revisionPlan").mockResolvedValue(plan({ hash: "sha256:r2" }));
  vi.spyOn(plansApi, "diffRevision").mockResolvedValue({ planHash: "sha256:r2", toRevision: 2, revision: 7, exists: true, changed: true, output: "~ replicas", chartDigest: "sha256:bbb" });
  const write = vi.spyOn(plansApi, "rollback").mockImplementation(rollback);
  // After the write, the status panel reads the release's pods: not this test's business.
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: "not here" }), { status: 404 })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.profile(), { source: "profile.yaml", yaml: "", profile: { name: "lab" } });
  render(
    <QueryClientProvider client={client}>
      <SessionScope session={{ authenticated: true, user: "alice" }}>
        <MemoryRouter initialEntries={[rollbackPath("models", "qwen3-8b", 2)]}>
          <Routes>
            <Route path="/upgrade/:namespace/:release" element={<Upgrade />} />
          </Routes>
        </MemoryRouter>
      </SessionScope>
    </QueryClientProvider>,
  );
  return write;
}

async function diffThenRollBack() {
  fireEvent.click(await screen.findByRole("button", { name: "Diff" }));
  await screen.findByText("Against live revision 7");
  fireEvent.click(screen.getByRole("button", { name: "Roll back" }));
}

describe("<Upgrade> rolling back", () => {
  it("offers to roll back anyway when the revision's chart was pushed again, and sends forceChart only then", async () => {
    const write = showRollback(vi.fn<() => Promise<ApplyResult>>().mockRejectedValueOnce(new ApiError(movedChart, 409)).mockResolvedValue(rolledBack));
    await diffThenRollBack();
    expect((await screen.findByRole("alert")).textContent).toBe(movedChart);
    expect(write).toHaveBeenCalledWith("models", "qwen3-8b", { toRevision: 2, expectRevision: 7, note: undefined, forceChart: undefined });
    // Diffing again would find the same moved chart: the way on is the force, not a re-diff.
    expect(screen.queryByText(/Run Diff again/)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Roll back anyway (chart was pushed again)" }));
    await screen.findByText("qwen3-8b submitted at revision 8");
    expect(write).toHaveBeenCalledTimes(2);
    expect(write).toHaveBeenLastCalledWith("models", "qwen3-8b", { toRevision: 2, expectRevision: 7, note: undefined, forceChart: true });
  });

  it("offers no force for another 409", async () => {
    const write = showRollback(async () => Promise.reject(new ApiError("release moved from revision 7 to 8 since you looked; re-check it before applying", 409)));
    await diffThenRollBack();
    expect((await screen.findByRole("alert")).textContent).toContain("release moved from revision 7 to 8");
    expect(screen.getByText(/Run Diff again/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /anyway/ })).toBeNull();
    expect(write).toHaveBeenCalledTimes(1);
  });
});
