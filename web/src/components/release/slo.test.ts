import { describe, expect, it } from "vitest";
import { parseSloEdit, sloEditText } from "./slo";

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
