import { describe, expect, it } from "vitest";
import type { PodView } from "../../api/releases";
import { currentStage, podStages, startupSpend } from "./podStages";

const pod = (milestones: PodView["milestones"], extra: Partial<PodView> = {}): PodView => ({
  name: "glm-0",
  phase: "Running",
  ready: false,
  restarts: 0,
  node: "gpu-1",
  ageSeconds: 600,
  milestones,
  ...extra,
});

describe("podStages", () => {
  it("puts the stages in order with their times after creation, and says where the pod is", () => {
    const stages = podStages(pod({ createdAt: "2026-12-01T10:00:00Z", scheduledAt: "2026-12-01T10:00:02Z", imagePulled: true, startedAt: "2026-12-01T10:01:30Z", startupPassed: false }))!;
    expect(stages.map((s) => [s.name, s.done, s.afterSeconds])).toEqual([
      ["scheduled", true, 2],
      ["image pulled", true, undefined],
      ["started", true, 90],
      ["startup probe passing", false, undefined],
      ["ready", false, undefined],
    ]);
    expect(currentStage(stages)).toBe("startup probe passing");
  });

  it("counts every stage before a reached one as done", () => {
    const stages = podStages(pod({ imagePulled: false, startupPassed: false, readyAt: "2026-12-01T10:20:00Z" }, { ready: true }))!;
    expect(stages.every((s) => s.done)).toBe(true);
    expect(currentStage(stages)).toBeUndefined();
  });

  it("has nothing to show for a server that sends no milestones", () => {
    expect(podStages(pod(undefined))).toBeUndefined();
  });
});

describe("startupSpend", () => {
  it("takes a loading pod's own progress", () => {
    expect(startupSpend(pod(undefined, { startup: { state: "loading", container: "engine", elapsedSeconds: 300, budgetSeconds: 630 } }), 60)).toEqual({ elapsed: 300, budget: 630 });
  });

  it("takes start to ready against the plan's budget once ready, and nothing without either", () => {
    const ready = pod({ imagePulled: true, startupPassed: true, startedAt: "2026-12-01T10:00:00Z", readyAt: "2026-12-01T10:12:00Z" }, { ready: true });
    expect(startupSpend(ready, 1200)).toEqual({ elapsed: 720, budget: 1200 });
    expect(startupSpend(ready, undefined)).toBeUndefined();
  });
});
