import { describe, expect, it } from "vitest";
import type { Plan } from "../../api/plans";
import type { Revision } from "../../api/releases";
import type { Run } from "../../api/runs";
import { plan } from "../../test/plans";
import { buildTimeline } from "./timeline";

const revisions: Revision[] = [
  { revision: 3, model: "qwen3-8b", version: "1.0.0", variant: "tp1", chart: "sglang-0.8.0", planHash: "sha256:a", current: true },
  { revision: 2, model: "qwen3-8b", version: "1.1.0", variant: "tp1", chart: "sglang-0.8.0", planHash: "sha256:b" },
  { revision: 1, model: "qwen3-8b", version: "1.0.0", variant: "tp1", chart: "sglang-0.8.0", planHash: "sha256:a" },
];

const run = (id: number, action: string, revision: number, extra: Partial<Run> = {}): Run => ({
  id,
  namespace: "models",
  release: "qwen3-8b",
  action,
  planHash: "",
  changed: true,
  revision,
  actor: "ada",
  startedAt: "2026-12-02T10:00:00Z",
  endedAt: `2026-12-02T10:0${id}:00Z`,
  ...extra,
});

describe("buildTimeline", () => {
  it("lists revisions newest first, with the run that made each and what moved since the one before", () => {
    const timeline = buildTimeline(revisions, [run(1, "install", 1), run(2, "apply", 2, { note: "newer model" })], undefined, new Map());
    expect(timeline.map((e) => [e.revision, e.action, e.inferred, e.actor])).toEqual([
      [3, "rollback", true, undefined],
      [2, "apply", false, "ada"],
      [1, "install", false, "ada"],
    ]);
    expect(timeline[1]).toMatchObject({ note: "newer model", runId: 2, at: "2026-12-02T10:02:00Z", moved: ["version 1.0.0 → 1.1.0"] });
    expect(timeline[0]).toMatchObject({ current: true, moved: ["version 1.1.0 → 1.0.0"] });
    expect(timeline[2].moved).toEqual([]);
  });

  it("takes the action and note of a revision no run made from the status beside the release", () => {
    const timeline = buildTimeline(revisions, [], { phase: "applied", action: "apply", revision: 3, note: "from a terminal", updatedAt: "2026-12-02T11:00:00Z" }, new Map());
    expect(timeline[0]).toMatchObject({ action: "apply", inferred: false, note: "from a terminal", at: "2026-12-02T11:00:00Z", actor: undefined });
  });

  it("ignores failed runs and adds the value changes when both plans are known", () => {
    const plans = new Map<number, Plan>([
      [1, plan({ layers: { form: { replicaCount: 1 } } })],
      [2, plan({ layers: { form: { replicaCount: 2 } } })],
    ]);
    const timeline = buildTimeline(revisions, [run(3, "apply", 2, { error: "boom" })], undefined, plans);
    expect(timeline[1]).toMatchObject({ action: "apply", inferred: true, moved: ["version 1.0.0 → 1.1.0", "replicaCount 1 → 2"] });
  });

  it("carries each revision's chart digest, and lists a chart version pushed again as a move", () => {
    const pushedAgain: Revision[] = [
      { revision: 4, chart: "sglang-0.8.1", planHash: "sha256:c", chartDigest: "sha256:cccccccccccccccc" },
      { revision: 3, chart: "sglang-0.8.0", planHash: "sha256:b", chartDigest: "sha256:bbbbbbbbbbbbbbbb" },
      { revision: 2, chart: "sglang-0.8.0", planHash: "sha256:a", chartDigest: "sha256:aaaaaaaaaaaaaaaa" },
      { revision: 1, chart: "sglang-0.8.0", planHash: "sha256:a" },
    ];
    const timeline = buildTimeline(pushedAgain, [], undefined, new Map());
    expect(timeline.map((e) => e.chartDigest)).toEqual(["sha256:cccccccccccccccc", "sha256:bbbbbbbbbbbbbbbb", "sha256:aaaaaaaaaaaaaaaa", undefined]);
    // Another chart version moves its digest too: the chart move says it already.
    expect(timeline[0].moved).toEqual(["chart sglang-0.8.0 → sglang-0.8.1"]);
    expect(timeline[1].moved).toEqual(["chart digest sha256:aaaaaaaaaaaa → sha256:bbbbbbbbbbbb"]);
    // A revision from before digests were kept did not change its chart.
    expect(timeline[2].moved).toEqual([]);
  });

  it("says who approved a write, and takes no approval's own row for the write", () => {
    const runs = [run(1, "install", 1), run(2, "apply", 2, { approvedBy: "bob" }), run(3, "approval-approve", 2, { actor: "bob" })];
    const timeline = buildTimeline(revisions, runs, undefined, new Map());
    expect(timeline[1]).toMatchObject({ action: "apply", actor: "ada", approvedBy: "bob", runId: 2 });
    expect(timeline[2].approvedBy).toBeUndefined();
  });
});
