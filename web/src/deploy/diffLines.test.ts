import { describe, expect, it } from "vitest";
import { classify, foldDiff } from "./diffLines";

describe("classify", () => {
  it.each([
    ["+  replicas: 2", "add"],
    ["-  replicas: 1", "remove"],
    ["@@ -1,7 +1,7 @@", "hunk"],
    ["--- Deployment/chat (revision 3)", "file"],
    ["+++ Deployment/chat (plan)", "file"],
    ["   image: x", "context"],
    ["Against the live objects:", "note"],
  ])("reads %j as %s", (line, kind) => {
    expect(classify(line)).toBe(kind);
  });
});

describe("foldDiff", () => {
  const context = (n: number) => Array.from({ length: n }, (_, i) => ` line ${i}`);

  it("folds a long unchanged run, keeping two lines either side of it", () => {
    const segments = foldDiff(["@@ -1 +1 @@", ...context(8), "-a", "+b"].join("\n"));
    expect(segments).toHaveLength(3);
    expect("shown" in segments[0] && segments[0].shown.map((l) => l.text)).toEqual(["@@ -1 +1 @@", " line 0", " line 1"]);
    expect("folded" in segments[1] && segments[1].folded).toHaveLength(4);
    expect("shown" in segments[2] && segments[2].shown.map((l) => l.kind)).toEqual(["context", "context", "remove", "add"]);
  });

  it("leaves a short run as it is", () => {
    expect(foldDiff([...context(5), "+b"].join("\n"))).toEqual([{ shown: [...context(5).map((text) => ({ kind: "context", text })), { kind: "add", text: "+b" }] }]);
  });
});
