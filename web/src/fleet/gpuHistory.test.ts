import { describe, expect, it } from "vitest";
import { peakOf, seriesOf, stepPath, type HistoryPoint } from "./gpuHistory";

const h100 = (used: number) => ({ product: "NVIDIA-H100-80GB-HBM3", resource: "nvidia.com/gpu", gpus: 16, gpusUsed: used });
const b300 = (used: number) => ({ product: "NVIDIA-B300-SXM6-AC", resource: "nvidia.com/gpu", gpus: 8, gpusUsed: used });
const points: HistoryPoint[] = [
  { at: "2026-12-02T08:00:00Z", gpus: 24, gpusUsed: 0, products: [h100(0), b300(0)] },
  { at: "2026-12-02T09:00:00Z", gpus: 24, gpusUsed: 6, products: [h100(4), b300(2)] },
  { at: "2026-12-02T10:00:00Z", gpus: 24, gpusUsed: 3, products: [h100(1), b300(2)] },
];

describe("seriesOf", () => {
  it("gives every GPU first, then each product by name, with the use at each point", () => {
    const series = seriesOf(points);

    expect(series.map((s) => s.name)).toEqual(["All GPUs", "NVIDIA-B300-SXM6-AC", "NVIDIA-H100-80GB-HBM3"]);
    expect(series[0].steps.map((s) => s.used)).toEqual([0, 6, 3]);
    expect(series[2].steps.map((s) => s.used)).toEqual([0, 4, 1]);
    expect(series[2].capacity).toBe(16);
  });
});

describe("peakOf", () => {
  it("finds the highest use and when it began", () => {
    expect(peakOf(seriesOf(points)[0])).toEqual({ used: 6, at: Date.parse("2026-12-02T09:00:00Z") });
    expect(peakOf({ name: "none", capacity: 0, steps: [] })).toBeUndefined();
  });
});

describe("stepPath", () => {
  it("draws each use flat until the next point, then steps, and runs on to the right edge", () => {
    const box = { width: 100, height: 10, from: Date.parse("2026-12-02T08:00:00Z"), to: Date.parse("2026-12-02T10:00:00Z"), top: 10 };

    expect(stepPath(seriesOf(points)[0], box)).toBe("M0,10 H50 V4 H100 V7 H100");
  });

  it("starts a step older than the window at the left edge", () => {
    const box = { width: 100, height: 10, from: Date.parse("2026-12-02T09:00:00Z"), to: Date.parse("2026-12-02T10:00:00Z"), top: 10 };

    expect(stepPath(seriesOf(points)[0], box)).toBe("M0,10 H0 V4 H100 V7 H100");
  });
});
