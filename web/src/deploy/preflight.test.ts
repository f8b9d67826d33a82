import { describe, expect, it } from "vitest";
import { placeProblems } from "./preflight";

describe("placeProblems", () => {
  it("puts each rule's problem next to the field that fixes it", () => {
    const placed = placeProblems([
      { rule: "route-collision", field: "modelRoute.nginx.route", message: "route chat is served by models/other" },
      { rule: "service-id", field: "serviceId", message: "serviceId chat is used by models/other" },
      { rule: "gpu-fit", field: "gpuProducts", message: "no node fits 8 GPU" },
      { rule: "release-identity", field: "namespace", message: "namespace prod is not granted" },
      { rule: "release-identity", field: "release", message: "chat is held in namespace other" },
      { rule: "chart-schema", field: "replicaCount", message: "must be integer" },
    ]);
    expect(placed.byField).toEqual({
      routing: ["route chat is served by models/other"],
      serviceId: ["serviceId chat is used by models/other", "chat is held in namespace other"],
      gpuProducts: ["no node fits 8 GPU"],
      namespace: ["namespace prod is not granted"],
    });
    expect(placed.unplaced).toEqual(["replicaCount: must be integer"]);
  });

  it("adds the diff's warnings above the steps unless a field shows them already", () => {
    const placed = placeProblems([{ rule: "gpu-fit", field: "", message: "no node fits" }], ["no node fits", "the chart refuses cache"]);
    expect(placed.unplaced).toEqual(["the chart refuses cache"]);
    expect(placeProblems(undefined, undefined)).toEqual({ byField: {}, unplaced: [] });
  });
});
