import { useEffect, useId, useRef, useState } from "react";

/** Whether a key press is typing into something, where "/" is a character, not a shortcut. */
function typingInto(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/**
 * A page's search box. "/" anywhere on the page (outside another field) focuses it, as on most
 * sites engineers use; the shortcut is announced with aria-keyshortcuts and shown in the hint.
 */
export function SearchField({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // The box shows what was typed at once: `value` comes back later (the address is updated in a
  // transition), and a box bound to it alone drops keys typed in between. So `value` is taken
  // only when it is none of the values this box reported (going back, a link), not their echo.
  const [typed, setTyped] = useState(value);
  const [ours, setOurs] = useState<string[]>([value]);
  if (!ours.includes(value)) {
    setOurs([value]);
    setTyped(value);
  }
  useEffect(() => {
    const focusOnSlash = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) {
        return;
      }
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener("keydown", focusOnSlash);
    return () => document.removeEventListener("keydown", focusOnSlash);
  }, []);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}{" "}
        <kbd className="rounded border border-slate-300 px-1 text-xs font-normal text-slate-700" aria-hidden="true">
          /
        </kbd>
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        value={typed}
        placeholder={placeholder}
        aria-keyshortcuts="/"
        onChange={(event) => {
          const text = event.target.value;
          setTyped(text);
          setOurs((reported) => [...reported.slice(-50), text]);
          onChange(text);
        }}
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 sm:w-64"
      />
    </div>
  );
}
