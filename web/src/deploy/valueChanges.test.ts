import { describe, expect, it } from "vitest";
import { describeValueChange, layerChanges, valueChanges } from "./valueChanges";

const live = {
  catalog: { image: { repository: "lmsysorg/sglang", tag: "v0.5.19" }, replicaCount: 1, extraArgs: ["--tp", "1"] },
  site: { model: { localPath: "/mnt/a" } },
  form: { replicaCount: 2 },
};

describe("valueChanges", () => {
  it("lists the merged values that differ, by path, with the standing value on each side", () => {
    const proposed = { ...live, catalog: { ...live.catalog, image: { repository: "lmsysorg/sglang", tag: "v0.5.20" } }, form: { replicaCount: 1 } };
    expect(valueChanges(live, proposed).map(describeValueChange)).toEqual(["image.tag v0.5.19 → v0.5.20", "replicaCount 2 → 1"]);
  });

  it("ignores a value an earlier layer changed under a later one that still stands", () => {
    const proposed = { ...live, catalog: { ...live.catalog, replicaCount: 4 } };
    expect(valueChanges(live, proposed)).toEqual([]);
  });

  it("says unset for a value set on one side only, and compares lists whole", () => {
    const proposed = { ...live, catalog: { ...live.catalog, extraArgs: ["--tp", "2"] }, edit: { scaler: { enabled: true } } };
    expect(valueChanges(live, proposed).map(describeValueChange)).toEqual(['extraArgs ["--tp","1"] → ["--tp","2"]', "scaler.enabled unset → true"]);
    expect(valueChanges(proposed, live).map(describeValueChange)).toContain("scaler.enabled true → unset");
  });

  it("finds nothing between identical plans", () => {
    expect(valueChanges(live, structuredClone(live))).toEqual([]);
  });
});

describe("layerChanges", () => {
  it("lists every layer whose own values moved, in merge order, even where a later layer hides it", () => {
    const back = { catalog: { ...live.catalog, image: { repository: "lmsysorg/sglang", tag: "v0.5.18" }, replicaCount: 3 }, site: live.site, form: { replicaCount: 1 } };
    expect(layerChanges(live, back)).toEqual([
      {
        layer: "catalog",
        changes: [
          { path: "image.tag", from: "v0.5.19", to: "v0.5.18" },
          { path: "replicaCount", from: 1, to: 3 },
        ],
      },
      { layer: "form", changes: [{ path: "replicaCount", from: 2, to: 1 }] },
    ]);
  });

  it("counts a layer only one side has as all added or all removed", () => {
    expect(layerChanges(live, { ...live, edit: { a: 1 } })).toEqual([{ layer: "edit", changes: [{ path: "a", to: 1 }] }]);
  });
});
