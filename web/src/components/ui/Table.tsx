import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/** A data table with a caption (visible or for screen readers only) that scrolls sideways on narrow screens. */
export function Table({ caption, captionHidden = true, children }: { caption: string; captionHidden?: boolean; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className={captionHidden ? "sr-only" : "p-2 text-left font-medium"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cx("border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-700", className)} {...props} />;
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx("border-b border-slate-100 px-3 py-2 align-top", className)} {...props} />;
}
