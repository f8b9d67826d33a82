// Which release holds each GPU of a node: the Nodes page's bars. The node report names the pods
// holding GPUs with the release their chart labelled them with. A pod without that label (one a
// chart of another convention made) is matched by name: a release's pods are named after it
// (`<release>-<engine>-…`), so it belongs to the release in its namespace whose name, followed by
// "-", starts the pod's, the longest winning (`chat` and `chat-large` both prefix
// `chat-large-vllm-0`).
import type { GpuPod } from "../api/nodes";

export interface ReleaseRef {
  namespace: string;
  release: string;
}

/** One pod's share of a node's GPUs, with the release it belongs to when one is known. */
export interface GpuHolder {
  pod: GpuPod;
  release?: ReleaseRef;
}

export function releaseOfPod(pod: Pick<GpuPod, "namespace" | "name" | "release">, releases: readonly ReleaseRef[]): ReleaseRef | undefined {
  if (pod.release) {
    return { namespace: pod.namespace, release: pod.release };
  }
  let best: ReleaseRef | undefined;
  for (const candidate of releases) {
    if (candidate.namespace === pod.namespace && pod.name.startsWith(`${candidate.release}-`) && candidate.release.length > (best?.release.length ?? -1)) {
      best = candidate;
    }
  }
  return best;
}

export function gpuHolders(pods: readonly GpuPod[], releases: readonly ReleaseRef[]): GpuHolder[] {
  return pods.map((pod) => ({ pod, release: releaseOfPod(pod, releases) }));
}

// Fill colours that read on the light and the dark background alike (the -500 shades); text never
// sits on them.
const RELEASE_COLOURS = ["bg-indigo-500", "bg-emerald-500", "bg-amber-500", "bg-rose-500", "bg-sky-500", "bg-violet-500", "bg-teal-500", "bg-orange-500", "bg-fuchsia-500", "bg-lime-500"];
export const OTHER_COLOUR = "bg-slate-500";

/** A release's colour, the same on every node and every visit: picked by a hash of its name. */
export function releaseColour(release: ReleaseRef | undefined): string {
  if (!release) {
    return OTHER_COLOUR;
  }
  let hash = 0;
  for (const char of `${release.namespace}/${release.release}`) {
    hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  }
  return RELEASE_COLOURS[hash % RELEASE_COLOURS.length];
}
