import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "../ui/cx";

function Note({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  if (!hint && !error) {
    return null;
  }
  return (
    <p id={id} className={cx("text-xs", error ? "text-red-800" : "text-slate-600")}>
      {error ?? hint}
    </p>
  );
}

/** A labelled select with its hint or error beneath, like Field. */
export function SelectField({
  label,
  hint,
  error,
  children,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; hint?: ReactNode; error?: ReactNode }) {
  const id = useId();
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-describedby={hint || error ? `${id}-note` : undefined}
        aria-invalid={error ? true : undefined}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:bg-slate-100"
        {...select}
      >
        {children}
      </select>
      <Note id={`${id}-note`} hint={hint} error={error} />
    </div>
  );
}

/** A labelled monospace text box for YAML the server parses. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; hint?: ReactNode; error?: ReactNode }) {
  const id = useId();
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={5}
        spellCheck={false}
        aria-describedby={hint || error ? `${id}-note` : undefined}
        className="rounded-md border border-slate-300 px-2 py-1.5 font-mono text-xs focus-visible:outline-2 focus-visible:outline-indigo-600 read-only:bg-slate-100 disabled:bg-slate-100"
        {...area}
      />
      <Note id={`${id}-note`} hint={hint} error={error} />
    </div>
  );
}
