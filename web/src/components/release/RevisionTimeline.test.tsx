import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plansApi } from "../../api/plans";
import { releasesApi } from "../../api/releases";
import { runsApi } from "../../api/runs";
import { RevisionTimeline } from "./RevisionTimeline";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const digest = "sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b";

describe("<RevisionTimeline>", () => {
  it("shows each revision's chart digest where one was recorded", async () => {
    vi.spyOn(releasesApi, "revisions").mockResolvedValue({
      release: "chat",
      namespace: "models",
      revisions: [
        { revision: 2, chart: "sglang-0.8.0", chartDigest: digest, current: true },
        { revision: 1, chart: "sglang-0.8.0" },
      ],
    });
    vi.spyOn(runsApi, "list").mockResolvedValue({ runs: [], hasStore: true });
    const revisionPlan = vi.spyOn(plansApi, "revisionPlan");
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RevisionTimeline namespace="models" release="chat" />
      </QueryClientProvider>,
    );
    const newest = await screen.findByRole("listitem", { name: "Revision 2" });
    expect(within(newest).getByText("sha256:1a2b3c4d5e6f")).toBeTruthy();
    expect(within(newest).getByTitle(digest)).toBeTruthy();
    expect(within(screen.getByRole("listitem", { name: "Revision 1" })).queryByText(/sha256:/)).toBeNull();
    // Neither revision keeps a plan, so none is asked for.
    expect(revisionPlan).not.toHaveBeenCalled();
  });
});
