import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/**
 * A data table with a caption (visible or for screen readers only). Cells do not wrap (a cell
 * wrapped word by word is unreadable): on a narrow screen the table scrolls sideways inside its
 * own box and the page keeps its width. A cell of free text opts back into wrapping with `<Td prose>`.
 */
export function Table({ caption, captionHidden = true, children }: { caption: string; captionHidden?: boolean; children: ReactNode }) {
  // `relative`: the visually hidden texts of the cells (sr-only is absolutely positioned) must be
  // clipped by this box; without it they widen the page past a narrow screen. The box takes the
  // keyboard focus (a region named after its table), so a table wider than the screen scrolls by
  // keyboard.
  return (
    <div role="region" aria-label={`${caption} table`} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600">
      <table className="w-full border-collapse text-left text-sm">
        <caption className={captionHidden ? "sr-only" : "p-2 text-left font-medium"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cx("whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-700", className)} {...props} />;
}

export function Td({ className, prose = false, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { prose?: boolean }) {
  return <td className={cx("border-b border-slate-100 px-3 py-2 align-top", prose ? "min-w-48 whitespace-normal" : "whitespace-nowrap", className)} {...props} />;
}
