// The Nodes page's "GPUs in use over time": the server's points (GET /api/nodes/history) as step
// series, one per GPU product and one for every GPU, scaled into a chart's box. The use between two
// points is the earlier one's, so a series is drawn as horizontal runs joined by vertical steps.
import type { GpuUseHistory } from "../api/types";

export type HistoryPoint = GpuUseHistory["points"][number];

/** One line of the chart: what it counts, and its use at each point's time. */
export interface Series {
  name: string;
  capacity: number;
  steps: { at: number; used: number }[];
}

/** The total over every GPU first, then each product by name. */
export function seriesOf(points: readonly HistoryPoint[]): Series[] {
  const total: Series = { name: "All GPUs", capacity: 0, steps: [] };
  const products = new Map<string, Series>();
  for (const point of points) {
    const at = Date.parse(point.at);
    total.steps.push({ at, used: point.gpusUsed });
    total.capacity = Math.max(total.capacity, point.gpus);
    for (const product of point.products) {
      let series = products.get(product.product);
      if (!series) {
        series = { name: product.product, capacity: 0, steps: [] };
        products.set(product.product, series);
      }
      series.steps.push({ at, used: product.gpusUsed });
      series.capacity = Math.max(series.capacity, product.gpus);
    }
  }
  return [total, ...[...products.values()].sort((a, b) => a.name.localeCompare(b.name))];
}

/** The highest use of a series and when it began; undefined for an empty one. */
export function peakOf(series: Series): { used: number; at: number } | undefined {
  let peak: { used: number; at: number } | undefined;
  for (const step of series.steps) {
    if (!peak || step.used > peak.used) {
      peak = step;
    }
  }
  return peak;
}

/**
 * The SVG path of a series in a box of `width` x `height`, time running from `from` to `to` left
 * to right and use from 0 at the bottom to `top`. Steps before `from` start at the left edge.
 */
export function stepPath(series: Series, box: { width: number; height: number; from: number; to: number; top: number }): string {
  const span = Math.max(box.to - box.from, 1);
  const x = (at: number) => (Math.min(Math.max(at, box.from), box.to) - box.from) * (box.width / span);
  const y = (used: number) => box.height - (Math.min(used, box.top) / Math.max(box.top, 1)) * box.height;
  const parts: string[] = [];
  series.steps.forEach((step, i) => {
    const px = round(x(step.at));
    const py = round(y(step.used));
    parts.push(i === 0 ? `M${px},${py}` : `V${py}`);
    const next = series.steps[i + 1];
    parts.push(`H${round(next ? x(next.at) : box.width)}`);
  });
  return parts.join(" ");
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
