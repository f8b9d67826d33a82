import type { Plan } from "../../api/plans";
import { describeMove, whatMoves } from "../../deploy/whatMoves";
import { Card } from "../ui/Card";
import { LayerMoves } from "./LayerMoves";

/**
 * Deployed → proposed: the release's identity, then every layer's values that move. On a
 * rollback ("What comes back") it is the read-only summary shown before the review (the diff).
 */
export function WhatMoves({ current, proposed, rollback = false }: { current: Plan; proposed: Plan; rollback?: boolean }) {
  const title = rollback ? "What comes back" : "What moves";
  const { identical, moves } = whatMoves(current, proposed);
  return (
    <Card title={title}>
      {identical && <p className="mb-2 text-sm font-medium text-green-800">Identical to what is deployed</p>}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {moves.map((move) => (
          <div key={move.label} className="contents">
            <dt className="text-slate-700">{move.label}</dt>
            <dd className={move.moved ? "font-mono font-medium text-indigo-800" : "text-slate-600"}>{describeMove(move)}</dd>
          </div>
        ))}
      </dl>
      <LayerMoves current={current} proposed={proposed} heading={rollback ? "Values that come back, by layer" : "Values that move, by layer"} />
    </Card>
  );
}
