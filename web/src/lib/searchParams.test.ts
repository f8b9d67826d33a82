import { describe, expect, it } from "vitest";
import { withParam } from "./searchParams";

describe("withParam", () => {
  it("sets a value and keeps the others, and drops the parameter for an empty one", () => {
    const current = new URLSearchParams("q=chat&model=qwen");

    expect(withParam(current, "namespace", "models").toString()).toBe("q=chat&model=qwen&namespace=models");
    expect(withParam(current, "q", "").toString()).toBe("model=qwen");
    expect(current.toString()).toBe("q=chat&model=qwen");
  });
});
