import { useId, type ButtonHTMLAttributes } from "react";
import { cx } from "./cx";

type Variant = "primary" | "secondary" | "danger" | "ghost";

// While enabled, each variant has its colours; disabled, every variant looks the same (greyed, with
// the not-allowed cursor), so "cannot press this now" reads one way across the UI whatever the
// button would do.
const VARIANTS: Record<Variant, string> = {
  primary: "bg-indigo-700 text-white hover:bg-indigo-800",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-slate-700 hover:bg-slate-100",
};
const DISABLED = "cursor-not-allowed border border-slate-300 bg-slate-100 text-slate-600";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /**
   * Why the button is disabled, while it is. A screen reader reads it as the button's description
   * (aria-describedby pointing at visually hidden text); a mouse user sees it on hover.
   */
  disabledReason?: string;
}

export function Button({
  variant = "primary",
  className,
  type = "button",
  disabledReason,
  title,
  "aria-describedby": describedByOthers,
  ...props
}: ButtonProps) {
  const reasonId = useId();
  const explained = props.disabled === true && disabledReason !== undefined && disabledReason !== "";
  const describedBy = cx(describedByOthers, explained && reasonId) || undefined;
  return (
    <>
      <button
        type={type}
        title={explained ? disabledReason : title}
        className={cx(
          "inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
          props.disabled ? DISABLED : VARIANTS[variant],
          className,
        )}
        {...props}
        aria-describedby={describedBy}
      />
      {explained && (
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      )}
    </>
  );
}
