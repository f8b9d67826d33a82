import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cx } from "./cx";

/** A labelled input with its hint or its error beneath, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; error?: ReactNode }) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint || error ? noteId : undefined}
        className={cx(
          "rounded-md border px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600",
          error ? "border-red-600" : "border-slate-300",
        )}
        {...input}
      />
      {(error || hint) && (
        <p id={noteId} className={cx("text-xs", error ? "text-red-800" : "text-slate-600")}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
