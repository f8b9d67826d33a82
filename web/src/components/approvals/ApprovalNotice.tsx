import { Link } from "react-router";
import type { Approval } from "../../api/approvals";
import { STATE_TONE } from "../../approvals/approvals";
import { textLink } from "../release/ButtonLink";
import { Badge } from "../ui/Badge";
import { RelativeTime } from "../ui/RelativeTime";

/**
 * Where a write on a protected site stands with its approval: none asked yet, waiting, approved,
 * or refused (rejected, expired, spent), said in words and as a live region so the change from
 * pending to approved is announced while the requester waits on the page.
 */
export function ApprovalNotice({ approval, what }: { approval?: Approval; what: string }) {
  return (
    <div role="status" aria-label="Approval" className="flex flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
      {approval === undefined ? (
        <p>
          <strong>This site requires approval.</strong> Another user must approve this {what} before it can run: Request approval sends it, with your note, to the{" "}
          {/* Underlined: inside a sentence, colour alone does not tell a link from the text around it. */}
          <Link className={`${textLink} underline`} to="/approvals">
            Approvals
          </Link>{" "}
          page.
        </p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span>
              Approval request {approval.id} for this {what}:
            </span>
            <Badge tone={STATE_TONE[approval.state]}>{approval.state}</Badge>
            <span className="text-amber-900">
              asked by {approval.requestedBy} <RelativeTime iso={approval.requestedAt} />
            </span>
          </p>
          <p>{explanation(approval, what)}</p>
          {approval.decisionNote && <p className="italic">“{approval.decisionNote}”</p>}
          <p>
            <Link className={textLink} to="/approvals">
              Open Approvals
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function explanation(approval: Approval, what: string): string {
  switch (approval.state) {
    case "pending":
      return "Waiting for another user to approve it; this page updates by itself.";
    case "approved":
      return `Approved by ${approval.decidedBy ?? "another user"}: the ${what} can run now, once.`;
    case "rejected":
      return `Rejected by ${approval.decidedBy ?? "another user"}: request approval again to retry.`;
    case "spent":
      return "Already used by a write: request approval again for another.";
    case "expired":
      return "Expired before it was used: request approval again.";
  }
}
