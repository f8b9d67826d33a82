import { describe, expect, it } from "vitest";
import { chooseCatalog } from "./catalogChoice";

const lab = { name: "lab", url: "https://lab/index.json", source: "https://lab/index.json" };
const prod = { name: "prod", url: "https://prod/index.json", source: "https://prod/index.json" };

describe("chooseCatalog", () => {
  it("uses the named catalog", () => {
    expect(chooseCatalog("lab", [lab, prod])).toEqual({ kind: "use", catalog: "lab" });
  });
  it("lets the server pick the only or the default one", () => {
    expect(chooseCatalog(null, [lab])).toEqual({ kind: "use" });
    expect(chooseCatalog(null, undefined)).toEqual({ kind: "use" });
    expect(chooseCatalog(null, [lab, { ...prod, default: true }])).toEqual({ kind: "use" });
  });
  it("asks when several have no default", () => {
    expect(chooseCatalog(null, [lab, prod])).toEqual({ kind: "choose", catalogs: [lab, prod] });
  });
});
