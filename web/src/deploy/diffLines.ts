// The diff's text as lines a reader can scan: additions and removals marked for colour, and long
// runs of unchanged context folded, so a two-line change in a 300-line manifest is what shows.
export type LineKind = "add" | "remove" | "hunk" | "file" | "context" | "note";

export interface DiffLine {
  kind: LineKind;
  text: string;
}

export function classify(line: string): LineKind {
  if (line.startsWith("+++") || line.startsWith("---")) {
    return "file";
  }
  if (line.startsWith("@@")) {
    return "hunk";
  }
  if (line.startsWith("+")) {
    return "add";
  }
  if (line.startsWith("-")) {
    return "remove";
  }
  return line.startsWith(" ") ? "context" : "note";
}

export type Segment = { shown: DiffLine[] } | { folded: DiffLine[] };

/**
 * The lines in order, each run of more than `2 × keep + 1` context lines folded down to `keep`
 * lines either side of it, which stay to say where a change sits.
 */
export function foldDiff(output: string, keep = 2): Segment[] {
  const lines = output.replace(/\n$/, "").split("\n").map((text) => ({ kind: classify(text), text }));
  const segments: Segment[] = [];
  const show = (line: DiffLine) => {
    const last = segments[segments.length - 1];
    if (last && "shown" in last) {
      last.shown.push(line);
    } else {
      segments.push({ shown: [line] });
    }
  };
  let i = 0;
  while (i < lines.length) {
    if (lines[i].kind !== "context") {
      show(lines[i++]);
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end].kind === "context") {
      end++;
    }
    const run = lines.slice(i, end);
    if (run.length > 2 * keep + 1) {
      run.slice(0, keep).forEach(show);
      segments.push({ folded: run.slice(keep, run.length - keep) });
      run.slice(run.length - keep).forEach(show);
    } else {
      run.forEach(show);
    }
    i = end;
  }
  return segments;
}
