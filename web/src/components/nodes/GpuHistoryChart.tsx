import type { GpuUseHistory } from "../../api/types";
import { peakOf, seriesOf, stepPath, type Series } from "../../fleet/gpuHistory";
import { formatDuration, formatTime } from "../release/format";

const WIDTH = 600;
const HEIGHT = 120;

// Stroke colours that read on the light and the dark background alike; the first is every GPU's.
const STROKES = ["stroke-slate-500", "stroke-indigo-500", "stroke-emerald-500", "stroke-amber-500", "stroke-rose-500", "stroke-sky-500"];
const SWATCHES = ["bg-slate-500", "bg-indigo-500", "bg-emerald-500", "bg-amber-500", "bg-rose-500", "bg-sky-500"];

/**
 * GPUs in use over the server's window, one step line per product and one for every GPU, with a
 * legend that says each line's use now and its peak in words (what a screen reader reads).
 */
export function GpuHistoryChart({ history }: { history: GpuUseHistory }) {
  const series = seriesOf(history.points);
  const total = series[0];
  const last = history.points[history.points.length - 1];
  if (!last) {
    return <p className="text-sm text-slate-600">No GPU use recorded yet.</p>;
  }
  const to = Date.parse(last.at);
  const from = Math.max(Date.parse(history.points[0].at), to - history.windowSeconds * 1000);
  const top = Math.max(total.capacity, 1);
  const box = { width: WIDTH, height: HEIGHT, from, to, top };
  const span = formatDuration(Math.round((to - from) / 1000));
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="h-32 w-full rounded border border-slate-200 bg-slate-50" role="img" aria-label={`GPUs in use over the last ${span}: ${total.steps[total.steps.length - 1].used} of ${total.capacity} now`}>
        {series.map((line, i) => (
          <path key={line.name} d={stepPath(line, box)} fill="none" className={STROKES[i % STROKES.length]} strokeWidth={i === 0 ? 2.5 : 1.5} vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      <div className="flex justify-between text-xs text-slate-600">
        <span>{formatTime(new Date(from).toISOString())}</span>
        <span>now, {top} GPUs at the top</span>
      </div>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Lines">
          {series.map((line, i) => (
            <li key={line.name} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block h-2 w-4 rounded ${SWATCHES[i % SWATCHES.length]}`} />
              {legend(line)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function legend(line: Series): string {
  const now = line.steps[line.steps.length - 1]?.used ?? 0;
  const peak = peakOf(line);
  const peakText = peak && peak.used > now ? `, peak ${peak.used} at ${formatTime(new Date(peak.at).toISOString())}` : "";
  return `${line.name}: ${now} of ${line.capacity} in use${peakText}`;
}
