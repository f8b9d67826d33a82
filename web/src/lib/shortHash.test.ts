import { describe, expect, it } from "vitest";
import { shortHash } from "./shortHash";

describe("shortHash", () => {
  it("keeps the algorithm and the first 12 hex digits", () => {
    expect(shortHash("sha256:0123456789abcdef0123")).toBe("sha256:0123456789ab");
    expect(shortHash("sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b")).toBe("sha256:1a2b3c4d5e6f");
  });

  it("shortens a bare hex digest, and leaves nothing for none", () => {
    expect(shortHash("0123456789abcdef")).toBe("0123456789ab");
    expect(shortHash(undefined)).toBe("");
    expect(shortHash("")).toBe("");
  });
});
