import { describe, expect, it } from "vitest";
import type { IndexModel } from "../api/catalog";
import { compareVersions, newerVersion } from "./versions";

describe("compareVersions", () => {
  it("compares dotted numbers as numbers", () => {
    expect(compareVersions("1.10.0", "1.9.0")).toBeGreaterThan(0);
    expect(compareVersions("1.0.0", "1.1.0")).toBeLessThan(0);
    expect(compareVersions("1.0", "1.0.0")).toBe(0);
    expect(compareVersions("v2.0.0", "1.9.9")).toBeGreaterThan(0);
  });

  it("puts a pre-release before its release", () => {
    expect(compareVersions("1.1.0-rc.1", "1.1.0")).toBeLessThan(0);
    expect(compareVersions("1.1.0", "1.1.0-rc.1")).toBeGreaterThan(0);
    expect(compareVersions("1.1.0-rc.1", "1.0.0")).toBeGreaterThan(0);
  });
});

describe("newerVersion", () => {
  const catalog: IndexModel[] = [
    { name: "mistral", latest: "1.1.0", versions: [{ version: "1.0.0", variants: [] }, { version: "1.10.0", variants: [] }, { version: "1.1.0", variants: [] }] },
    { name: "smollm", versions: [{ version: "1.0.0", variants: [] }] },
  ];

  it("names the newest listed version when the release runs an older one", () => {
    expect(newerVersion("mistral", "1.0.0", catalog)).toBe("1.10.0");
    expect(newerVersion("mistral", "1.1.0", catalog)).toBe("1.10.0");
  });

  it("names nothing for the newest, an unknown model, or a release without a model or version", () => {
    expect(newerVersion("mistral", "1.10.0", catalog)).toBeUndefined();
    expect(newerVersion("smollm", "1.0.0", catalog)).toBeUndefined();
    expect(newerVersion("gone", "1.0.0", catalog)).toBeUndefined();
    expect(newerVersion(undefined, "1.0.0", catalog)).toBeUndefined();
    expect(newerVersion("mistral", undefined, catalog)).toBeUndefined();
    expect(newerVersion("mistral", "1.0.0", undefined)).toBeUndefined();
  });
});
