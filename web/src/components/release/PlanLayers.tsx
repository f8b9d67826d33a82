import type { ReleasePlan } from "../../api/releases";
import { Badge } from "../ui/Badge";
import { toYaml } from "./yaml";

// Stand-in for components/Provenance.tsx (written on another branch, `Provenance({ plan })`):
// until that lands on main this shows the plan's layers in merge order. Swap the import in
// PlanCard.tsx once it exists.
const MEANINGS: Record<string, string> = {
  catalog: "from the model entry; not editable here",
  site: "from this cluster's profile",
  derived: "computed from the variant and the site",
  form: "what this deploy set",
  edit: "free edits, applied after every layer",
};

const ORDER = ["catalog", "site", "derived", "form", "edit"];

export function layerOrder(names: string[]): string[] {
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function PlanLayers({ plan }: { plan: ReleasePlan }) {
  const layers = plan.layers ?? {};
  const names = layerOrder(Object.keys(layers));
  if (names.length === 0) {
    return <p className="text-sm text-slate-600">This plan carries no values layers.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-slate-600">Merged in this order; the last writer of a value wins.</p>
      {names.map((name) => (
        <section key={name} aria-label={`Layer ${name}`}>
          <h3 className="flex items-center gap-2 text-sm font-medium">
            <Badge tone="info">{name}</Badge>
            <span className="font-normal text-slate-700">{MEANINGS[name] ?? ""}</span>
          </h3>
          <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-50 p-2 text-xs text-slate-800">{toYaml(layers[name])}</pre>
        </section>
      ))}
    </div>
  );
}
