import { Badge, type Tone } from "./ui/Badge";

export interface StatusView {
  label: string;
  tone: Tone;
  /** Why the badge reads as it does, for the tooltip. */
  title?: string;
}

const ROLLING_OUT: StatusView = {
  label: "rolling out",
  tone: "info",
  title: "Still being applied: a model's cold load takes 20–40 minutes, so this is not a failure",
};

/** A release's pods as the deployments list counts them. */
export interface PodCount {
  ready: number;
  total: number;
}

// Phases that mean the backend is still working on the release: the plan's `applying`, the
// LLMService operator's `Pending` / `Applying`.
const WORKING_PHASES = new Set(["applying", "Applying", "Pending"]);
const FAILED_PHASES = new Set(["failed", "Failed"]);

/**
 * How a release's helm status (and the phase beside it, and its pods when counted) reads. A
 * release still on its way is "rolling out", never failed: a `pending-*` helm status, a phase
 * still applying, or a deployed release whose pods are not all ready yet (a model loading its
 * weights). Only helm's `failed` (or a failed phase with no helm status at all) reads failed.
 */
export function releaseStatusView(status: string | undefined, phase?: string, pods?: PodCount): StatusView {
  if (status === "failed") {
    return { label: "failed", tone: "danger" };
  }
  if (status?.startsWith("pending") || status === "uninstalling") {
    return { ...ROLLING_OUT, title: `${status}: ${ROLLING_OUT.title}` };
  }
  if (phase !== undefined && WORKING_PHASES.has(phase)) {
    return ROLLING_OUT;
  }
  if (status === "deployed" && pods && pods.ready < pods.total) {
    return { ...ROLLING_OUT, title: `${pods.ready} of ${pods.total} pods ready: ${ROLLING_OUT.title}` };
  }
  if (status === "deployed") {
    return { label: "deployed", tone: "success" };
  }
  if (!status) {
    if (phase !== undefined && FAILED_PHASES.has(phase)) {
      return { label: "failed", tone: "danger" };
    }
    return { label: "unknown", tone: "muted", title: "No helm status was reported" };
  }
  return { label: status, tone: "neutral" };
}

export function StatusBadge({ status, phase, pods }: { status?: string; phase?: string; pods?: PodCount }) {
  const view = releaseStatusView(status, phase, pods);
  return (
    <Badge tone={view.tone} title={view.title}>
      {view.label}
    </Badge>
  );
}
