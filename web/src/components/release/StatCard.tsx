import type { ReactNode } from "react";
import { cx } from "../ui/cx";

/** One figure with its label, e.g. "Releases 42". */
export function StatCard({ label, value, note, warn = false }: { label: string; value: ReactNode; note?: ReactNode; warn?: boolean }) {
  return (
    <section aria-label={label} className={cx("rounded-lg border bg-white p-3 shadow-sm", warn ? "border-amber-300" : "border-slate-200")}>
      <h2 className="text-xs font-medium uppercase tracking-wide text-slate-700">{label}</h2>
      <p className={cx("text-2xl font-semibold", warn ? "text-amber-900" : "text-slate-900")}>{value}</p>
      {note && <p className="text-xs text-slate-600">{note}</p>}
    </section>
  );
}
