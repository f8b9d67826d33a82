import { describe, expect, it } from "vitest";
import { plan } from "../test/plans";
import { describeMove, shortDigest, whatMoves } from "./whatMoves";

describe("whatMoves", () => {
  const current = plan();

  it("says every row is unchanged and the plans are identical for the same hash", () => {
    const moves = whatMoves(current, plan());
    expect(moves.identical).toBe(true);
    expect(moves.moves.map(describeMove)).toEqual(["unchanged", "unchanged", "unchanged", "unchanged"]);
  });

  it("shows model version, chart, digest and variant from → to", () => {
    const proposed = plan({
      hash: "sha256:bbbb",
      source: { model: "qwen3-8b", version: "1.0.1", variant: "vllm-tp1-h100", digest: "sha256:fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210" },
      chart: { name: "vllm", version: "0.7.6" },
    });
    const moves = whatMoves(current, proposed);
    expect(moves.identical).toBe(false);
    expect(moves.moves.map((move) => [move.label, describeMove(move)])).toEqual([
      ["Model version", "1.0.0 → 1.0.1"],
      ["Chart", "sglang-0.8.0 → vllm-0.7.6"],
      ["Entry digest", "0123456789ab → fedcba987654"],
      ["Variant", "sglang-tp1-h100 → vllm-tp1-h100"],
    ]);
  });

  it("is not identical when only values moved", () => {
    const moves = whatMoves(current, plan({ hash: "sha256:cccc" }));
    expect(moves.identical).toBe(false);
    expect(moves.moves.every((move) => !move.moved)).toBe(true);
  });

  it("shortens digests to 12 hex characters", () => {
    expect(shortDigest("sha256:0123456789abcdef")).toBe("0123456789ab");
    expect(shortDigest(undefined)).toBe("");
  });
});
