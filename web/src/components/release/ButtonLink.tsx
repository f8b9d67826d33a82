import type { ReactNode } from "react";
import { Link } from "react-router";
import { cx } from "../ui/cx";

const VARIANTS = {
  primary: "bg-indigo-700 text-white hover:bg-indigo-800",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  danger: "border border-red-300 bg-white text-red-800 hover:bg-red-50",
} as const;

/** A router link that looks like a button: navigation stays a link for the keyboard and screen readers. */
/** `label` names the link for assistive technology when the visible text alone is ambiguous (one "Upgrade" per row); it starts with the visible text. */
export function ButtonLink({ to, variant = "secondary", small = false, label, children }: { to: string; variant?: keyof typeof VARIANTS; small?: boolean; label?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className={cx(
        "inline-flex items-center gap-1 rounded-md font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
        small ? "px-2 py-1 text-xs" : "px-3 py-1.5 text-sm",
        VARIANTS[variant],
      )}
    >
      {children}
    </Link>
  );
}

/** The classes of an inline text link. */
export const textLink = "text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600";
