import { describe, expect, it } from "vitest";
import { plan } from "../test/plans";
import { countByLayer, explainLayers, orderedLayers } from "./provenance";

describe("explainLayers", () => {
  const rows = explainLayers(plan().layers);
  const row = (path: string) => rows.find((r) => r.path === path);

  it("gives each value to the last layer that sets it", () => {
    expect(row("extraArgs")).toMatchObject({ layer: "edit", value: ["--tp", "2"] });
    expect(row("scaler.enabled")).toMatchObject({ layer: "form", value: true });
    expect(row("model.localPath")).toMatchObject({ layer: "form", value: "/data/qwen" });
    expect(row("model.gpus")).toMatchObject({ layer: "catalog", value: 1, shadowed: [] });
  });

  it("lists what each value shadowed, in merge order", () => {
    expect(row("model.localPath")?.shadowed).toEqual([{ layer: "site", value: "/mnt/models/qwen3-8b" }]);
    expect(row("extraArgs")?.shadowed).toEqual([{ layer: "catalog", value: ["--tp", "1"] }]);
    expect(row("scaler.enabled")?.shadowed).toEqual([{ layer: "catalog", value: false }]);
  });

  it("brackets keys that contain dots and keeps one row per standing value", () => {
    expect(row('resources.limits["nvidia.com/gpu"]')).toMatchObject({ layer: "site", value: 1 });
    expect(rows.map((r) => r.path)).toEqual([
      "extraArgs",
      "model.gpus",
      "model.localPath",
      "model.mountPath",
      'resources.limits["nvidia.com/gpu"]',
      "scaler.enabled",
      "serviceId",
    ]);
  });

  it("lets a later scalar or list replace a whole earlier map, and a later map replace a scalar", () => {
    const replaced = explainLayers({ catalog: { lws: { enabled: true, size: 2 } }, form: { lws: null, shm: { size: "8Gi" } }, site: { shm: "none" } });
    expect(replaced).toEqual([
      { path: "lws", value: null, layer: "form", shadowed: [{ layer: "catalog", value: true }, { layer: "catalog", value: 2 }] },
      { path: "shm.size", value: "8Gi", layer: "form", shadowed: [{ layer: "site", value: "none" }] },
    ]);
  });

  it("orders the known layers by merge order whatever order they arrive in, unknown ones last", () => {
    expect(orderedLayers({ edit: {}, canary: {}, catalog: {}, form: {} })).toEqual(["catalog", "form", "edit", "canary"]);
    const rowsOutOfOrder = explainLayers({ form: { a: 2 }, catalog: { a: 1 } });
    expect(rowsOutOfOrder).toEqual([{ path: "a", value: 2, layer: "form", shadowed: [{ layer: "catalog", value: 1 }] }]);
  });

  it("counts the standing values per layer", () => {
    expect(countByLayer(rows)).toEqual({ edit: 1, form: 3, catalog: 2, site: 1 });
  });

  it("has nothing to explain for a plan without layers", () => {
    expect(explainLayers(undefined)).toEqual([]);
  });
});
