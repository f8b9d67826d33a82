import type { ValueChange } from "../../deploy/valueChanges";
import { describeValueChange } from "../../deploy/valueChanges";

/** How many value changes lead the diff before the rest are counted: a glance, not a second diff. */
const SHOWN = 8;

/** The values that differ between the deployed plan and this one, before the manifest diff. */
export function ValueChangeList({ changes }: { changes: ValueChange[] }) {
  if (changes.length === 0) {
    return <p className="mb-2 text-sm text-slate-700">No value differs from the deployed plan.</p>;
  }
  return (
    <div className="mb-3">
      <p className="text-sm font-medium text-slate-800">Value changes</p>
      <ul aria-label="Value changes" className="mt-1 flex flex-wrap gap-1.5">
        {changes.slice(0, SHOWN).map((change) => (
          <li key={change.path} className="rounded bg-indigo-50 px-1.5 py-0.5 font-mono text-xs text-indigo-900">
            {describeValueChange(change)}
          </li>
        ))}
        {changes.length > SHOWN && <li className="px-1.5 py-0.5 text-xs text-slate-700">and {changes.length - SHOWN} more in the plan below</li>}
      </ul>
    </div>
  );
}
