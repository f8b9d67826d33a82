import { describe, expect, it } from "vitest";
import { filterFromParams, oneRelease, paramsFromFilter } from "./runFilter";

describe("runs filter and the query string", () => {
  it("reads the filter from the query string, ignoring empty and unknown parameters", () => {
    expect(filterFromParams(new URLSearchParams("namespace=models&release=&action=rollback&page=2"))).toEqual({ namespace: "models", action: "rollback" });
  });

  it("writes only what is set", () => {
    expect(paramsFromFilter({ namespace: " models ", release: "", action: "apply" }).toString()).toBe("namespace=models&action=apply");
    expect(paramsFromFilter({}).toString()).toBe("");
  });

  it("round-trips", () => {
    const filter = { namespace: "models", release: "glm-5.3", action: "install" };
    expect(filterFromParams(paramsFromFilter(filter))).toEqual(filter);
  });

  it("is one release's history only with both namespace and release", () => {
    expect(oneRelease({ namespace: "models", release: "demo" })).toEqual({ namespace: "models", release: "demo" });
    expect(oneRelease({ release: "demo" })).toBeNull();
    expect(oneRelease({ namespace: "models" })).toBeNull();
  });
});
