import { describe, expect, it } from "vitest";
import { basePathOf } from "./basePath";

describe("basePathOf", () => {
  it("is empty when the page has no base element", () => {
    expect(basePathOf(undefined)).toBe("");
  });

  it("is empty when the server mounted the UI at the root", () => {
    expect(basePathOf("http://swiss.example/")).toBe("");
  });

  it("is the proxy's prefix without the trailing slash", () => {
    expect(basePathOf("https://console.example/api/deploy/")).toBe("/api/deploy");
  });
});
