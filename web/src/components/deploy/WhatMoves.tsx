import type { Plan } from "../../api/plans";
import { describeMove, whatMoves } from "../../deploy/whatMoves";
import { Card } from "../ui/Card";

/** Deployed → proposed for the release's identity; "What comes back" on a rollback. */
export function WhatMoves({ current, proposed, title = "What moves" }: { current: Plan; proposed: Plan; title?: string }) {
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
    </Card>
  );
}
