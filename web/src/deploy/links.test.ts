import { describe, expect, it } from "vitest";
import { adoptLink, adoptTarget, deployLink } from "./links";

describe("adopting through the catalog", () => {
  it("carries the release from the Deployments row through the catalog to the deploy form", () => {
    const catalog = adoptLink("models", "by-hand");
    expect(catalog).toBe("/catalog?adopt=models%2Fby-hand");

    const target = adoptTarget(new URLSearchParams(catalog.split("?")[1]).get("adopt"));
    expect(target).toEqual({ namespace: "models", release: "by-hand" });
    expect(deployLink("smollm3-3b", { variant: "sglang-tp1", ...target })).toBe("/deploy/smollm3-3b?variant=sglang-tp1&namespace=models&release=by-hand");
  });

  it("names no release for a missing or malformed parameter", () => {
    expect(adoptTarget(null)).toBeUndefined();
    expect(adoptTarget("models")).toBeUndefined();
    expect(adoptTarget("models/a/b")).toBeUndefined();
    expect(adoptTarget("/by-hand")).toBeUndefined();
  });
});
