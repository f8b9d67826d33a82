// What an upgrade or rollback changes about the release's identity: model version, chart,
// catalog entry digest and variant, deployed → proposed. Values changes are the diff's job.
import type { Plan } from "../api/plans";

export interface Move {
  label: "Model version" | "Chart" | "Entry digest" | "Variant";
  from: string;
  to: string;
  moved: boolean;
}

export interface WhatMoves {
  /** Same plan hash: applying it changes nothing swiss renders. */
  identical: boolean;
  moves: Move[];
}

/** The 12 hex characters after `sha256:` that tell two entries apart at a glance. */
export function shortDigest(digest: string | undefined): string {
  return (digest ?? "").replace(/^sha256:/, "").slice(0, 12);
}

const chartOf = (plan: Plan) => `${plan.chart.name}-${plan.chart.version}`;

export function whatMoves(current: Plan, proposed: Plan): WhatMoves {
  const pairs: Array<[Move["label"], string, string]> = [
    ["Model version", current.source.version ?? "", proposed.source.version ?? ""],
    ["Chart", chartOf(current), chartOf(proposed)],
    ["Entry digest", shortDigest(current.source.digest), shortDigest(proposed.source.digest)],
    ["Variant", current.source.variant, proposed.source.variant],
  ];
  return {
    identical: current.hash === proposed.hash,
    moves: pairs.map(([label, from, to]) => ({ label, from, to, moved: from !== to })),
  };
}

/** "1.0.0 → 1.0.1", or "unchanged". */
export function describeMove(move: Move): string {
  return move.moved ? `${move.from || "none"} → ${move.to || "none"}` : "unchanged";
}
