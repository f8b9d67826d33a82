import { describe, expect, it } from "vitest";
import { toYaml, toYamlDocument } from "./yaml";

describe("toYaml", () => {
  it("renders nested maps and lists, quoting strings that would read as other types", () => {
    expect(toYaml({ a: { b: 1, c: "true", d: [1, { e: "x y" }] }, f: [], g: "" })).toBe(
      ['a:', '  b: 1', '  c: "true"', '  d:', '    - 1', '    - e: x y', 'f: []', 'g: ""'].join("\n"),
    );
  });
});

describe("toYamlDocument", () => {
  it("writes a seeded box's tree block-style, quoting only what would read as another type", () => {
    const tree = {
      priorityClassName: "high",
      tolerations: [{ key: "gpu", operator: "Exists" }],
      extraArgs: ["--tp", "2"],
      nested: { on: true, none: null, empty: {}, list: [] },
      "odd key": [[1, 2]],
    };
    expect(toYamlDocument(tree)).toBe(
      [
        "priorityClassName: high",
        "tolerations:",
        "  - key: gpu",
        "    operator: Exists",
        "extraArgs:",
        '  - "--tp"',
        '  - "2"',
        "nested:",
        '  "on": true',
        "  none: null",
        "  empty: {}",
        "  list: []",
        "odd key:",
        "  - - 1",
        "    - 2",
        "",
      ].join("\n"),
    );
  });

  it("writes nothing for an empty tree, so an untouched box sends nothing", () => {
    expect(toYamlDocument({})).toBe("");
    expect(toYamlDocument(undefined)).toBe("");
  });
});
