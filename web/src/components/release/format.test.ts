import { describe, expect, it } from "vitest";
import type { PodView } from "../../api/releases";
import { formatAgo, formatDuration, formatTime, formatTook, podReadiness, startupFraction, startupText } from "./format";

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

describe("times", () => {
  const now = Date.parse("2026-12-02T12:00:00Z");

  it("reads a timestamp in UTC, to the second, saying so", () => {
    expect(formatTime("2026-12-02T02:08:24Z")).toBe("2026-12-02 02:08:24 UTC");
    expect(formatTime("2026-12-02T03:08:24+01:00")).toBe("2026-12-02 02:08:24 UTC");
    expect(formatTime(undefined)).toBe("");
    expect(formatTime("yesterday")).toBe("yesterday");
  });

  it("reads how long ago in the largest whole unit", () => {
    expect(formatAgo("2026-12-02T11:59:55Z", now)).toBe("just now");
    expect(formatAgo("2026-12-02T11:59:18Z", now)).toBe("42 s ago");
    expect(formatAgo("2026-12-02T11:57:00Z", now)).toBe("3 m ago");
    expect(formatAgo("2026-12-02T11:00:01Z", now)).toBe("59 m ago");
    expect(formatAgo("2026-12-02T07:00:00Z", now)).toBe("5 h ago");
    expect(formatAgo("2026-11-30T11:00:00Z", now)).toBe("2 d ago");
  });

  it("reads a time slightly ahead of the reader's clock as just now, and keeps text it cannot parse", () => {
    expect(formatAgo("2026-12-02T12:00:03Z", now)).toBe("just now");
    expect(formatAgo("soon", now)).toBe("soon");
  });
});
