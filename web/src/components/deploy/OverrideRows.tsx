import type { OverridePair } from "../../deploy/formToRequest";
import { Button } from "../ui/Button";

export interface OverrideRow extends OverridePair {
  /** Stable React key: rows are added and removed in place. */
  id: number;
}

/** `dotted.path = value` rows for form-layer values; a value reads as JSON when it can. */
export function OverrideRows({ rows, onChange }: { rows: OverrideRow[]; onChange: (rows: OverrideRow[]) => void }) {
  const update = (id: number, patch: Partial<OverridePair>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const nextId = rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Form values</legend>
      <p className="text-xs text-slate-600">A dotted values path and its value; true, 64, null or JSON read as such, anything else as text. Rows with no value are skipped.</p>
      <ul className="flex flex-col gap-2">
        {rows.map((row, index) => (
          <li key={row.id} className="flex flex-wrap items-center gap-2">
            <input
              aria-label={`Path ${index + 1}`}
              value={row.path}
              placeholder="modelRoute.nginx.values.adaptive_cc"
              onChange={(event) => update(row.id, { path: event.target.value })}
              className="min-w-72 flex-1 rounded-md border border-slate-300 px-2 py-1.5 font-mono text-xs"
            />
            <span aria-hidden="true">=</span>
            <input
              aria-label={`Value ${index + 1}`}
              value={row.value}
              onChange={(event) => update(row.id, { value: event.target.value })}
              className="w-48 rounded-md border border-slate-300 px-2 py-1.5 font-mono text-xs"
            />
            <Button variant="ghost" aria-label={`Remove row ${index + 1}`} onClick={() => onChange(rows.filter((other) => other.id !== row.id))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" onClick={() => onChange([...rows, { id: nextId, path: "", value: "" }])}>
          Add value
        </Button>
      </div>
    </fieldset>
  );
}
