import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

interface Labels {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** What the control inside a Labelled frame is given, so screen readers tie it to its note. */
interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * The one frame of every form control: its label above, its hint or its error beneath, wired for
 * screen readers. The error replaces the hint, so the user reads one note at a time.
 */
function Labelled({ label, hint, error, className, control }: Labels & { className?: string; control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": hint || error ? noteId : undefined })}
      {(error || hint) && (
        <p id={noteId} className={cx("text-xs", error ? "text-red-800" : "text-slate-600")}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

const FOCUS = "focus-visible:outline-2 focus-visible:outline-indigo-600";

export function Field({ label, hint, error, className, ...input }: InputHTMLAttributes<HTMLInputElement> & Labels) {
  return (
    <Labelled
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => <input {...props} className={cx("rounded-md border px-2 py-1.5 text-sm", FOCUS, error ? "border-red-600" : "border-slate-300")} {...input} />}
    />
  );
}

export function SelectField({ label, hint, error, className, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & Labels) {
  return (
    <Labelled
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => (
        <select {...props} className={cx("rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100", FOCUS)} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A monospace text box for YAML the server parses. */
export function TextAreaField({ label, hint, error, className, ...area }: TextareaHTMLAttributes<HTMLTextAreaElement> & Labels) {
  return (
    <Labelled
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(props) => (
        <textarea
          rows={5}
          spellCheck={false}
          {...props}
          className={cx("rounded-md border border-slate-300 px-2 py-1.5 font-mono text-xs read-only:bg-slate-100 disabled:bg-slate-100", FOCUS)}
          {...area}
        />
      )}
    />
  );
}
