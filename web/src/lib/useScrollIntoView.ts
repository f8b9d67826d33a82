import { useEffect, useRef } from "react";

/**
 * A ref whose element is scrolled into view each time `key` changes to a defined value: a result
 * that arrives below the fold is brought to the reader. Smooth unless the system asks for reduced
 * motion.
 */
export function useScrollIntoView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key === undefined || key === null) {
      return;
    }
    const reduced = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    ref.current?.scrollIntoView?.({ behavior: reduced ? "auto" : "smooth", block: "start" });
  }, [key]);
  return ref;
}
