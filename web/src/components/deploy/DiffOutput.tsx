import { foldDiff, type DiffLine, type LineKind } from "../../deploy/diffLines";
import { cx } from "../ui/cx";

// Colour backs the +/- each line keeps, so the diff reads the same without it.
const LINE_STYLE: Record<LineKind, string> = {
  add: "bg-green-50 text-green-900",
  remove: "bg-red-50 text-red-900",
  hunk: "text-indigo-800",
  file: "font-semibold text-slate-900",
  context: "text-slate-700",
  note: "font-semibold text-slate-900",
};

function Lines({ lines }: { lines: DiffLine[] }) {
  return (
    <>
      {lines.map((line, index) => (
        <span key={index} data-kind={line.kind} className={cx("block whitespace-pre", LINE_STYLE[line.kind])}>
          {line.text || " "}
        </span>
      ))}
    </>
  );
}

/** The diff's text, coloured, with long unchanged runs folded behind a toggle. */
export function DiffOutput({ output }: { output: string }) {
  return (
    <div role="region" tabIndex={0} aria-label="Diff output" className="max-h-96 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs">
      {foldDiff(output).map((segment, index) =>
        "shown" in segment ? (
          <Lines key={index} lines={segment.shown} />
        ) : (
          <details key={index}>
            <summary className="cursor-pointer text-slate-600">{segment.folded.length} unchanged lines</summary>
            <Lines lines={segment.folded} />
          </details>
        ),
      )}
    </div>
  );
}
