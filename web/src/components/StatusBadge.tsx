import { Badge, type Tone } from "./ui/Badge";

export interface StatusView {
  label: string;
  tone: Tone;
  /** Why the badge reads as it does, for the tooltip. */
  title?: string;
}

const IN_FLIGHT: StatusView = {
  label: "in flight",
  tone: "muted",
  title: "Still being applied: a model's cold load takes 20–40 minutes, so this is not a failure",
};

// Phases that mean the backend is still working on the release: the plan's `applying`, the
// LLMService operator's `Pending` / `Applying`.
const WORKING_PHASES = new Set(["applying", "Applying", "Pending"]);
const FAILED_PHASES = new Set(["failed", "Failed"]);

/**
 * How a release's helm status (and the phase beside it) reads. A release still on its way is
 * "in flight", never failed: a `pending-*` helm status or a phase still applying. Only helm's
 * `failed` (or a failed phase with no helm status at all) reads failed.
 */
export function releaseStatusView(status: string | undefined, phase?: string): StatusView {
  if (status === "failed") {
    return { label: "failed", tone: "danger" };
  }
  if (status?.startsWith("pending") || status === "uninstalling") {
    return { ...IN_FLIGHT, title: `${status}: ${IN_FLIGHT.title}` };
  }
  if (phase !== undefined && WORKING_PHASES.has(phase)) {
    return IN_FLIGHT;
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

export function StatusBadge({ status, phase }: { status?: string; phase?: string }) {
  const view = releaseStatusView(status, phase);
  return (
    <Badge tone={view.tone} title={view.title}>
      {view.label}
    </Badge>
  );
}
