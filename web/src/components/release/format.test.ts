import { describe, expect, it } from "vitest";
import type { PodView } from "../../api/releases";
import { formatDuration, formatTook, podReadiness, startupFraction, startupText } from "./format";

describe("startupText", () => {
  it("reads a loading pod as loading weights, elapsed of budget in minutes", () => {
    expect(startupText({ state: "loading", container: "engine", elapsedSeconds: 720, budgetSeconds: 1200 })).toBe("loading weights, 12 of ~20 min");
  });

  it("never says 0 minutes once a pod has started", () => {
    expect(startupText({ state: "loading", container: "engine", elapsedSeconds: 5, budgetSeconds: 1800 })).toBe("loading weights, 1 of ~30 min");
  });

  it("says a pod over its budget is failing", () => {
    expect(startupText({ state: "failing", container: "engine", elapsedSeconds: 1500, budgetSeconds: 1200 })).toBe("startup failing: 25 min, over its ~20 min budget");
  });

  it("says a started pod waits on readiness", () => {
    expect(startupText({ state: "ready", container: "engine", elapsedSeconds: 1000, budgetSeconds: 1200 })).toContain("readiness");
  });
});

describe("startupFraction", () => {
  it("is the share of the budget used, capped at 1, and null without a budget", () => {
    expect(startupFraction({ state: "loading", container: "e", elapsedSeconds: 300, budgetSeconds: 1200 })).toBe(0.25);
    expect(startupFraction({ state: "loading", container: "e", elapsedSeconds: 3000, budgetSeconds: 1200 })).toBe(1);
    expect(startupFraction({ state: "loading", container: "e", elapsedSeconds: 3, budgetSeconds: 0 })).toBeNull();
  });
});

describe("podReadiness", () => {
  const pod: PodView = { name: "p", phase: "Running", ready: false, restarts: 0, ageSeconds: 60 };
  it("tells loading from broken", () => {
    expect(podReadiness({ ...pod, ready: true })).toBe("ready");
    expect(podReadiness({ ...pod, startup: { state: "loading", container: "e", elapsedSeconds: 1, budgetSeconds: 2 } })).toBe("loading");
    expect(podReadiness({ ...pod, startup: { state: "failing", container: "e", elapsedSeconds: 3, budgetSeconds: 2 } })).toBe("failing");
    expect(podReadiness(pod)).toBe("not ready");
  });
});

describe("durations", () => {
  it("formats ages", () => {
    expect(formatDuration(42)).toBe("42s");
    expect(formatDuration(720)).toBe("12m");
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe("3h05m");
    expect(formatDuration(50 * 3600)).toBe("2d2h");
  });

  it("formats how long a run took", () => {
    expect(formatTook("2026-01-01T00:00:00Z", "2026-01-01T00:00:00.250Z")).toBe("250 ms");
    expect(formatTook("2026-01-01T00:00:00Z", "2026-01-01T00:00:12Z")).toBe("12.0 s");
    expect(formatTook("2026-01-01T00:00:00Z", "2026-01-01T00:03:00Z")).toBe("3.0 min");
  });
});
