import type { ReactNode } from "react";
import { cx } from "./cx";

export type Tone = "neutral" | "success" | "warning" | "danger" | "info" | "muted";

// Text colours are the -800 shades so every badge passes WCAG AA contrast on its -100 fill.
const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-800",
  success: "bg-green-100 text-green-800",
  warning: "bg-amber-100 text-amber-900",
  danger: "bg-red-100 text-red-800",
  info: "bg-indigo-100 text-indigo-800",
  muted: "bg-slate-100 text-slate-700",
};

export function Badge({ tone = "neutral", title, children }: { tone?: Tone; title?: string; children: ReactNode }) {
  return (
    <span title={title} className={cx("inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium", TONES[tone])}>
      {children}
    </span>
  );
}
