import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PlanStatus, StatusReport } from "../../api/releases";
import { InstallStatusCard } from "./InstallStatusCard";

afterEach(cleanup);

const installed = "sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b";
const ranBefore = "sha256:fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

function status(planStatus: PlanStatus): StatusReport {
  return { release: "chat", namespace: "models", exists: true, revision: 8, ready: 1, total: 1, authPrefix: "", canaryState: "standalone", pods: [], planStatus };
}

/** The value the card's facts list beside `label`. */
function fact(label: string): HTMLElement {
  return screen.getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
}

describe("<InstallStatusCard>", () => {
  it("shows the digest of the chart the last apply installed, short, with the full one kept", () => {
    render(<InstallStatusCard status={status({ phase: "applied", action: "apply", revision: 8, chartDigest: installed })} />);
    const digest = fact("Chart digest");
    expect(within(digest).getByText("sha256:1a2b3c4d5e6f")).toBeTruthy();
    expect(within(digest).getByTitle(installed)).toBeTruthy();
    expect(screen.queryByText(/re-pushed chart/)).toBeNull();
  });

  it("says a rollback was forced past a re-pushed chart, and which digest the restored revision had run", () => {
    render(<InstallStatusCard status={status({ phase: "applied", action: "rollback", revision: 8, chartDigest: installed, chartForcedFrom: ranBefore })} />);
    const warning = screen.getByText(/Rolled back past a re-pushed chart: the restored revision had run/);
    expect(within(warning).getByText("sha256:fedcba987654")).toBeTruthy();
    expect(within(warning).getByTitle(ranBefore)).toBeTruthy();
    expect(within(fact("Chart digest")).getByText("sha256:1a2b3c4d5e6f")).toBeTruthy();
  });

  it("shows no digest the server did not record", () => {
    render(<InstallStatusCard status={status({ phase: "applied", action: "apply", revision: 8 })} />);
    expect(screen.queryByText("Chart digest")).toBeNull();
  });
});
