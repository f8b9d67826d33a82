import { describe, expect, it } from "vitest";
import { toYaml } from "./yaml";

describe("toYaml", () => {
  it("writes maps and lists block-style with JSON scalars", () => {
    const tree = {
      priorityClassName: "high",
      tolerations: [{ key: "gpu", operator: "Exists", effect: "NoSchedule" }, { key: "b", operator: "Equal", value: "x" }],
      extraArgs: ["--tp", "2"],
      nested: { on: true, count: 3, none: null, empty: {}, list: [] },
      "odd key": [[1, 2]],
    };
    expect(toYaml(tree)).toBe(
      [
        'priorityClassName: "high"',
        "tolerations:",
        '  - key: "gpu"',
        '    operator: "Exists"',
        '    effect: "NoSchedule"',
        '  - key: "b"',
        '    operator: "Equal"',
        '    value: "x"',
        "extraArgs:",
        '  - "--tp"',
        '  - "2"',
        "nested:",
        "  on: true",
        "  count: 3",
        "  none: null",
        "  empty: {}",
        "  list: []",
        '"odd key":',
        "  - - 1",
        "    - 2",
        "",
      ].join("\n"),
    );
  });

  it("writes nothing for an empty tree", () => {
    expect(toYaml({})).toBe("");
    expect(toYaml(undefined)).toBe("");
  });
});
