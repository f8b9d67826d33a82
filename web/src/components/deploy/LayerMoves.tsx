import { useId } from "react";
import type { Plan } from "../../api/plans";
import { LAYER_MEANING } from "../../deploy/provenance";
import { describeValueChange, layerChanges } from "../../deploy/valueChanges";
import { LayerBadge } from "./LayerBadge";

/**
 * Every layer whose own values differ between the deployed plan and the proposed one, each with
 * its changes: a rollback brings back the form's `replicaCount` as surely as the catalog's version.
 */
export function LayerMoves({ current, proposed, heading }: { current: Plan; proposed: Plan; heading: string }) {
  const id = useId();
  const moved = layerChanges(current.layers, proposed.layers);
  return (
    <section aria-labelledby={id} className="mt-3 flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold text-slate-800">
        {heading}
      </h3>
      {moved.length === 0 ? (
        <p className="text-sm text-slate-700">No layer's values differ.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {moved.map(({ layer, changes }) => (
            <li key={layer} aria-label={`${layer} layer`} className="flex flex-col gap-1">
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <LayerBadge layer={layer} />
                {LAYER_MEANING[layer] ?? ""}
              </p>
              <ul className="ml-4 flex flex-col gap-0.5">
                {changes.map((change) => (
                  <li key={change.path} className="font-mono text-xs break-all text-indigo-900">
                    {describeValueChange(change)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
