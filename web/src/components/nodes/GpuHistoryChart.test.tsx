import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { GpuHistoryChart } from "./GpuHistoryChart";

afterEach(cleanup);

const h100 = (used: number) => ({ product: "NVIDIA-H100-80GB-HBM3", resource: "nvidia.com/gpu", gpus: 16, gpusUsed: used });

describe("GpuHistoryChart", () => {
  it("says each line's use now and its peak in words, and draws one line per product and the total", () => {
    const { container } = render(
      <GpuHistoryChart
        history={{
          windowSeconds: 8 * 3600,
          points: [
            { at: "2026-12-02T08:00:00Z", gpus: 16, gpusUsed: 0, products: [h100(0)] },
            { at: "2026-12-02T09:00:00Z", gpus: 16, gpusUsed: 6, products: [h100(6)] },
            { at: "2026-12-02T10:00:00Z", gpus: 16, gpusUsed: 3, products: [h100(3)] },
          ],
        }}
      />,
    );

    expect(screen.getByRole("img", { name: /GPUs in use over the last 2 ?h.*3 of 16 now/ })).toBeTruthy();
    const lines = screen.getByRole("list", { name: "Lines" });
    expect(lines.textContent).toContain("All GPUs: 3 of 16 in use, peak 6 at 2026-12-02 09:00:00 UTC");
    expect(lines.textContent).toContain("NVIDIA-H100-80GB-HBM3: 3 of 16 in use");
    expect(container.querySelectorAll("path")).toHaveLength(2);
  });

  it("says so when nothing was recorded yet", () => {
    render(<GpuHistoryChart history={{ windowSeconds: 3600, points: [] }} />);

    expect(screen.getByText("No GPU use recorded yet.")).toBeTruthy();
  });
});
