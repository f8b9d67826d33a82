import { describe, expect, it } from "vitest";
import type { DeploymentRow } from "../api/deployments";
import { choices, matches, type RowFilter } from "./rows";

const row = (more: Partial<DeploymentRow> = {}): DeploymentRow => ({ release: "chat", namespace: "models", revision: 1, backend: "helm", canaryState: "standalone", status: "deployed", ...more });
const none: RowFilter = { search: "", namespace: "", model: "" };

describe("matches", () => {
  const qwen = row({ release: "qwen-chat", namespace: "team-a", model: "qwen3-8b", variant: "sglang-tp1" });

  it("keeps a row holding every word searched for, in any case", () => {
    expect(matches(qwen, none)).toBe(true);
    expect(matches(qwen, { ...none, search: "QWEN team-a" })).toBe(true);
    expect(matches(qwen, { ...none, search: "tp1" })).toBe(true);
    expect(matches(qwen, { ...none, search: "qwen team-b" })).toBe(false);
  });

  it("keeps only the chosen namespace and model", () => {
    expect(matches(qwen, { ...none, namespace: "team-a", model: "qwen3-8b" })).toBe(true);
    expect(matches(qwen, { ...none, namespace: "team-b" })).toBe(false);
    expect(matches(qwen, { ...none, model: "glm" })).toBe(false);
  });
});

describe("choices", () => {
  it("lists each value once, sorted, without empty ones", () => {
    expect(choices([row({ namespace: "b" }), row({ namespace: "a" }), row({ namespace: "b" })], "namespace")).toEqual(["a", "b"]);
    expect(choices([row({ model: "x" }), row()], "model")).toEqual(["x"]);
  });
});
