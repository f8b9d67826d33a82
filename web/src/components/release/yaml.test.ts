import { describe, expect, it } from "vitest";
import { parseSloEdit, sloEditText } from "./slo";
import { toYaml } from "./yaml";

describe("toYaml", () => {
  it("renders nested maps and lists, quoting strings that would read as other types", () => {
    expect(toYaml({ a: { b: 1, c: "true", d: [1, { e: "x y" }] }, f: [], g: "" })).toBe(
      ['a:', '  b: 1', '  c: "true"', '  d:', '    - 1', '    - e: x y', 'f: []', 'g: ""'].join("\n"),
    );
  });
});

describe("SLO editing", () => {
  it("edits without swiss's found and sends an object without it", () => {
    expect(JSON.parse(sloEditText({ found: true, priority: 10 }))).toEqual({ priority: 10 });
    expect(parseSloEdit('{"found": true, "priority": 5}')).toEqual({ ok: true, thresholds: { priority: 5 } });
  });

  it("refuses text that is not a JSON object", () => {
    expect(parseSloEdit("[1]")).toMatchObject({ ok: false });
    expect(parseSloEdit("{")).toMatchObject({ ok: false, error: expect.stringContaining("Not JSON") });
  });
});
