import type { NodeView } from "../../api/nodes";
import { releaseColour, type GpuHolder } from "../../fleet/gpuHolders";
import { cx } from "../ui/cx";

/** Who holds a GPU, as the hover and the screen reader name it. */
function holderText({ pod, release }: GpuHolder): string {
  const owner = release ? `release ${release.release}` : "no release of swiss";
  return `${pod.namespace}/${pod.name} (${owner}): ${pod.gpus} GPU${pod.gpus === 1 ? "" : "s"}`;
}

/**
 * A node's GPUs as a row of cells, one per GPU, coloured by the release holding it (each release
 * its own colour, on every node), free ones left hollow. Hovering a cell names the pod; a screen
 * reader reads the same as one sentence.
 */
export function GpuBar({ node, holders }: { node: NodeView; holders: GpuHolder[] }) {
  const held = holders.flatMap((holder) => Array.from({ length: holder.pod.gpus }, () => holder));
  const free = Math.max(0, node.GPUs - held.length);
  const label = `${node.Name}: ${held.length} of ${node.GPUs} GPUs held${holders.length > 0 ? ` by ${holders.map(holderText).join("; ")}` : ""}`;
  return (
    <div role="img" aria-label={label} className="flex gap-0.5">
      {held.map((holder, i) => (
        <span key={`${holder.pod.name}-${i}`} data-pod={holder.pod.name} title={holderText(holder)} className={cx("h-4 w-3 rounded-sm", releaseColour(holder.release))} />
      ))}
      {Array.from({ length: free }, (_, i) => (
        <span key={`free-${i}`} title="free" className="h-4 w-3 rounded-sm border border-slate-400 bg-slate-100" />
      ))}
    </div>
  );
}
