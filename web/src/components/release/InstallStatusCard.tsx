import type { StatusReport } from "../../api/releases";
import { Badge, type Tone } from "../ui/Badge";
import { Card } from "../ui/Card";
import { Digest } from "../ui/Digest";
import { Facts } from "./Facts";
import { formatTime } from "./format";
import { StatusBadge } from "../StatusBadge";

const PHASE_TONES: Record<string, Tone> = { applied: "success", failed: "danger", applying: "muted" };

/** How the last apply went, from `planStatus` (the status record swiss writes beside the release). */
export function InstallStatusCard({ status }: { status: StatusReport }) {
  const plan = status.planStatus;
  return (
    <Card title="Install status">
      {!status.exists && <p className="mb-2 text-sm text-slate-700">This release is not installed.</p>}
      {status.exists && !plan && <p className="mb-2 text-sm text-slate-700">No install record: swiss did not deploy this release, or deployed it before it kept one.</p>}
      {plan?.phase === "applying" && (
        <p role="status" className="mb-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
          An apply started and has not recorded a result yet. It may still be running; if it is not, the apply stopped before it finished.
        </p>
      )}
      {plan?.error && (
        <p className="mb-2 rounded bg-red-50 p-2 text-sm text-red-800">{plan.error}</p>
      )}
      {plan?.chartForcedFrom && (
        // The release runs an archive nobody saw run under this revision: worth a look before trusting it.
        <p className="mb-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
          Rolled back past a re-pushed chart: the restored revision had run <Digest digest={plan.chartForcedFrom} />, which its repository no longer serves.
        </p>
      )}
      <Facts
        items={[
          ["Phase", plan ? <Badge tone={PHASE_TONES[plan.phase] ?? "neutral"}>{plan.phase}</Badge> : undefined],
          ["Helm status", status.helmStatus ? <StatusBadge status={status.helmStatus} /> : undefined],
          ["Helm revision", status.revision > 0 ? String(status.revision) : "not installed"],
          ["Last action", plan?.action],
          ["Recorded revision", plan?.revision ? String(plan.revision) : undefined],
          ["Started", formatTime(plan?.startedAt)],
          ["Updated", formatTime(plan?.updatedAt)],
          ["Forced", plan?.forced ? "yes" : undefined],
          ["Chart digest", plan?.chartDigest ? <Digest digest={plan.chartDigest} /> : undefined],
          ["Note", plan?.note],
          ["Route", status.route],
          ["Backend", status.backend === "llmsvc" ? "LLMService" : status.backend],
          ["Operator", status.llmservice ? `${status.llmservice.phase || "no phase"}${status.llmservice.message ? ` — ${status.llmservice.message}` : ""}` : undefined],
          ["Drift", status.drift],
        ]}
      />
      {status.cleanupPending && <p className="mt-2 text-sm text-amber-900">A helm plan ConfigMap is still beside this LLMService: clean-up is pending.</p>}
    </Card>
  );
}
