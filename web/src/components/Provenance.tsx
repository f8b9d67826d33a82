import { useId, useMemo, useState } from "react";
import type { Plan } from "../api/plans";
import { countByLayer, explainLayers, formatValue, LAYER_MEANING, orderedLayers, type ProvenanceRow } from "../deploy/provenance";
import { LayerBadge } from "./deploy/LayerBadge";
import { Empty } from "./ui/States";

/**
 * A plan's merged values, each with the layer that set it and what it replaced. Explains the
 * layers the plan carries; the server did the merging.
 */
export function Provenance({ plan }: { plan: Plan }) {
  const rows = useMemo(() => explainLayers(plan.layers), [plan.layers]);
  const layers = orderedLayers(plan.layers);
  const [filter, setFilter] = useState("");
  const [layer, setLayer] = useState("");
  if (rows.length === 0) {
    return <Empty>This plan carries no values.</Empty>;
  }
  const shown = rows.filter((row) => (layer === "" || row.layer === layer) && row.path.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <div className="flex flex-col gap-3">
      <LayerLegend layers={layers} counts={countByLayer(rows)} />
      <ProvenanceFilters filter={filter} onFilter={setFilter} layer={layer} onLayer={setLayer} layers={layers} />
      <ProvenanceTable rows={shown} total={rows.length} />
    </div>
  );
}

function LayerLegend({ layers, counts }: { layers: string[]; counts: Record<string, number> }) {
  return (
    <ol aria-label="Layers in merge order, later wins" className="flex flex-col gap-1 text-sm">
      {layers.map((name) => (
        <li key={name} className="flex flex-wrap items-center gap-2">
          <LayerBadge layer={name} />
          <span className="text-slate-700">{LAYER_MEANING[name] ?? "a layer this UI does not know"}</span>
          <span className="text-slate-600">
            · {counts[name] ?? 0} {(counts[name] ?? 0) === 1 ? "value" : "values"}
          </span>
        </li>
      ))}
    </ol>
  );
}

function ProvenanceFilters(props: {
  filter: string;
  onFilter: (text: string) => void;
  layer: string;
  onLayer: (layer: string) => void;
  layers: string[];
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-path`} className="font-medium text-slate-800">
          Filter values
        </label>
        <input
          id={`${id}-path`}
          type="search"
          value={props.filter}
          placeholder="e.g. modelRoute"
          onChange={(event) => props.onFilter(event.target.value)}
          className="rounded-md border border-slate-300 px-2 py-1"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-layer`} className="font-medium text-slate-800">
          Set by
        </label>
        <select id={`${id}-layer`} value={props.layer} onChange={(event) => props.onLayer(event.target.value)} className="rounded-md border border-slate-300 px-2 py-1">
          <option value="">any layer</option>
          {props.layers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function ProvenanceTable({ rows, total }: { rows: ProvenanceRow[]; total: number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left text-xs text-slate-600">
          {rows.length === total ? `${total} values` : `${rows.length} of ${total} values`}, each with the layer whose value stands
        </caption>
        <thead className="border-b border-slate-200 text-xs text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">Path</th>
            <th scope="col" className="py-1 pr-3 font-medium">Value</th>
            <th scope="col" className="py-1 pr-3 font-medium">Set by</th>
            <th scope="col" className="py-1 font-medium">Shadowed</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1 pr-3 font-mono text-xs font-normal break-all">{row.path}</th>
              <td className="py-1 pr-3 font-mono text-xs break-all">{formatValue(row.value)}</td>
              <td className="py-1 pr-3"><LayerBadge layer={row.layer} /></td>
              <td className="py-1 text-xs text-slate-700">
                {row.shadowed.length === 0 ? (
                  <span className="text-slate-600">—</span>
                ) : (
                  <ul>
                    {row.shadowed.map((under, index) => (
                      <li key={`${under.layer}-${index}`}>
                        over <span className="font-medium">{under.layer}</span>: <span className="font-mono break-all">{formatValue(under.value)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
