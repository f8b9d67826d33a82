import { Link } from "react-router";
import { describeWrite, isLive, STATE_TONE } from "../../approvals/approvals";
import { useApprovalPolicy, useReleaseApprovals } from "../../approvals/useApproval";
import { textLink } from "../release/ButtonLink";
import { Badge } from "../ui/Badge";
import { RelativeTime } from "../ui/RelativeTime";

/**
 * The release's approval requests that still matter (pending, or approved and not yet used), on a
 * site that requires them; nothing otherwise. Polled while one is pending, as its approver acts
 * elsewhere.
 */
export function ReleaseApprovals({ namespace, release, canWrite }: { namespace: string; release: string; canWrite: boolean }) {
  const { requireApproval } = useApprovalPolicy();
  // A read-only server keeps no approvals (it answers 403): nothing to ask it.
  const list = useReleaseApprovals(namespace, release, requireApproval && canWrite);
  const open = (list.data?.approvals ?? []).filter((approval) => isLive(approval)).sort((a, b) => a.id - b.id);
  if (open.length === 0) {
    return null;
  }
  return (
    <section aria-label={`Approvals of ${release}`} className="flex flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <ul className="flex flex-col gap-1">
        {open.map((approval) => (
          <li key={approval.id} className="flex flex-wrap items-center gap-2">
            <Badge tone={STATE_TONE[approval.state]}>{approval.state === "pending" ? "approval pending" : "approved, not used yet"}</Badge>
            <span>
              Request {approval.id}: {approval.requestedBy} asks to {describeWrite(approval)}
              {approval.decidedBy ? `, approved by ${approval.decidedBy}` : ""}
            </span>
            <RelativeTime iso={approval.requestedAt} />
          </li>
        ))}
      </ul>
      <p>
        <Link className={textLink} to="/approvals">
          Review on the Approvals page
        </Link>
      </p>
    </section>
  );
}
