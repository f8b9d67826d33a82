import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { approvalsApi, type Approval } from "../api/approvals";
import { clusterApi } from "../api/cluster";
import { ReadOnlyNotice } from "../components/deploy/ReadOnlyNotice";
import { plansApi } from "../api/plans";
import { afterApprovalChange, queryKeys } from "../api/queryKeys";
import { approvalSections, approveBlockedBecause, describeWrite, rejectBlockedBecause, STATE_TONE } from "../approvals/approvals";
import { shortHash } from "../lib/shortHash";
import { useApprovalPolicy, useApprovalsPoll } from "../approvals/useApproval";
import { DiffOutput } from "../components/deploy/DiffOutput";
import { textLink } from "../components/release/ButtonLink";
import { detailPath } from "../components/release/paths";
import { Badge } from "../components/ui/Badge";
import { Button } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { Field } from "../components/ui/Field";
import { RelativeTime } from "../components/ui/RelativeTime";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { Table, Td, Th } from "../components/ui/Table";
import { useSignedInUser } from "../session/Session";

type Decision = "approve" | "reject";

/**
 * Requests for a second pair of eyes: the pending ones first, each approved only after its
 * reviewer has seen the diff the requester will apply, then the recent decided, spent or expired.
 */
export default function Approvals() {
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  const heading = <h1 className="text-xl font-semibold">Approvals</h1>;
  if (cluster.isPending) {
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <Loading what="the server's settings" />
      </div>
    );
  }
  if (cluster.isError) {
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <ErrorState error={cluster.error} retry={() => void cluster.refetch()} />
      </div>
    );
  }
  // A read-only server writes nothing, so it keeps no approvals (it answers 403 to the list).
  if (!cluster.data.allowDeploy) {
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <ReadOnlyNotice what="writes, and the approvals they need," />
      </div>
    );
  }
  return <ApprovalsOfTheSite heading={heading} />;
}

function ApprovalsOfTheSite({ heading }: { heading: ReactNode }) {
  const user = useSignedInUser();
  const { requireApproval, approvers } = useApprovalPolicy();
  const poll = useApprovalsPoll();
  const list = useQuery({ queryKey: queryKeys.approvals(), queryFn: () => approvalsApi.list(), refetchInterval: (query) => poll(query.state.data) });
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [done, setDone] = useState<{ approval: Approval; decision: Decision } | null>(null);
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: ({ approval, decision, note }: { approval: Approval; decision: Decision; note?: string }) =>
      (decision === "approve" ? approvalsApi.approve : approvalsApi.reject)(approval.id, note ? { note } : {}),
    onSuccess: (approval, { decision }) => {
      setReviewing(null);
      setDone({ approval, decision });
      void afterApprovalChange(queryClient);
    },
  });
  const sections = approvalSections(list.data?.approvals ?? []);
  const shown = reviewing === null ? undefined : list.data?.approvals.find((a) => a.id === reviewing);
  const rowProps = {
    user,
    approvers,
    busy: decide.isPending,
    onApprove: (approval: Approval) => {
      decide.reset();
      setDone(null);
      setReviewing(approval.id);
    },
    onReject: (approval: Approval) => {
      setDone(null);
      decide.mutate({ approval, decision: "reject" });
    },
  };
  return (
    <div className="flex flex-col gap-4">
      {heading}
      <p className="text-sm text-slate-700">
        {requireApproval
          ? `On this site every install, apply, rollback and uninstall needs another user's approval of exactly that write${approvers.length > 0 ? `, from ${approvers.join(", ")}` : ""}. An approval is used once and expires.`
          : "This site's profile does not require approvals; requests made while it did are listed here."}
      </p>
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm font-medium text-green-900">
          Request {done.approval.id} {done.decision === "approve" ? "approved" : "rejected"}: {describeWrite(done.approval)}
          {done.decision === "approve" ? ` — ${done.approval.requestedBy} can run it now.` : "."}
        </p>
      )}
      {decide.isError && !shown && <ErrorState error={decide.error} />}
      {shown && (
        <Review
          key={shown.id}
          approval={shown}
          blocked={approveBlockedBecause(shown, user, approvers)}
          deciding={decide.isPending}
          error={decide.isError ? decide.error : undefined}
          onApprove={(note) => decide.mutate({ approval: shown, decision: "approve", note })}
          onCancel={() => setReviewing(null)}
        />
      )}
      {list.isPending ? (
        <Loading what="the approval requests" />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          <Card title="Pending">
            {sections.pending.length === 0 ? <Empty>Nothing waits for an approval.</Empty> : <ApprovalsTable caption="Pending approval requests, longest waiting first" approvals={sections.pending} {...rowProps} />}
          </Card>
          <Card title="Recent">
            {sections.recent.length === 0 ? <Empty>No decided, spent or expired requests yet.</Empty> : <ApprovalsTable caption="Recent approval requests, newest first" approvals={sections.recent} {...rowProps} />}
          </Card>
        </>
      )}
    </div>
  );
}

interface RowProps {
  user?: string;
  approvers: string[];
  busy: boolean;
  onApprove: (approval: Approval) => void;
  onReject: (approval: Approval) => void;
}

function ApprovalsTable({ caption, approvals, ...row }: { caption: string; approvals: Approval[] } & RowProps) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Request</Th>
          <Th>Action</Th>
          <Th>Release</Th>
          <Th>Plan</Th>
          <Th>Requested by</Th>
          <Th>When</Th>
          <Th>Note</Th>
          <Th>State</Th>
          <Th>
            <span className="sr-only">Decision</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {approvals.map((approval) => (
          <ApprovalRow key={approval.id} approval={approval} {...row} />
        ))}
      </tbody>
    </Table>
  );
}

function ApprovalRow({ approval, user, approvers, busy, onApprove, onReject }: { approval: Approval } & RowProps) {
  const approveBlocked = approveBlockedBecause(approval, user, approvers);
  const rejectBlocked = rejectBlockedBecause(approval, user, approvers);
  // Its requester rejecting a request withdraws it.
  const rejectWord = user === approval.requestedBy ? "Withdraw" : "Reject";
  return (
    <tr>
      <Td>{approval.id}</Td>
      <Td>
        <Badge tone={approval.action === "uninstall" || approval.action === "rollback" ? "warning" : "info"}>{approval.action}</Badge>
      </Td>
      <Td>
        <Link to={detailPath(approval.namespace, approval.release)} className={textLink}>
          {approval.release}
        </Link>
        <p className="text-xs text-slate-600">{approval.namespace}</p>
      </Td>
      <Td className="font-mono text-xs">
        {approval.planHash ? <span title={approval.planHash}>{shortHash(approval.planHash)}</span> : approval.toRevision !== undefined ? `to revision ${approval.toRevision}` : ""}
      </Td>
      <Td>{approval.requestedBy}</Td>
      <Td>
        <RelativeTime iso={approval.requestedAt} />
      </Td>
      <Td prose className="text-xs italic text-slate-700">
        {approval.note ?? ""}
      </Td>
      <Td>
        <span className="flex flex-col items-start gap-0.5">
          <Badge tone={STATE_TONE[approval.state]}>{approval.state}</Badge>
          {approval.decidedBy && (
            <span className="text-xs text-slate-700">
              by {approval.decidedBy}
              {approval.decisionNote ? `: “${approval.decisionNote}”` : ""}
            </span>
          )}
        </span>
      </Td>
      <Td>
        {approval.state === "pending" && (
          <span className="flex gap-2">
            <Button aria-label={`Approve request ${approval.id}`} onClick={() => onApprove(approval)} disabled={approveBlocked !== undefined || busy} disabledReason={approveBlocked}>
              Approve
            </Button>
            <Button aria-label={`${rejectWord} request ${approval.id}`} variant="secondary" onClick={() => onReject(approval)} disabled={rejectBlocked !== undefined || busy} disabledReason={rejectBlocked}>
              {rejectWord}
            </Button>
          </span>
        )}
      </Td>
    </tr>
  );
}

/** The diff the requester will apply, read now, then the approval that confirms it. */
function Review({
  approval,
  blocked,
  deciding,
  error,
  onApprove,
  onCancel,
}: {
  approval: Approval;
  blocked?: string;
  deciding: boolean;
  error?: unknown;
  onApprove: (note?: string) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState("");
  const headingId = useId();
  const hasDiff = approval.action !== "uninstall";
  // A diff is a fresh look at the cluster (and a run in the log): read once when the review opens.
  const diff = useQuery({
    queryKey: queryKeys.approvalDiff(approval.id),
    queryFn: () =>
      approval.action === "rollback"
        ? plansApi.diffRevision(approval.namespace, approval.release, approval.toRevision ?? 0)
        : plansApi.diff({ planHash: approval.planHash ?? "" }),
    enabled: hasDiff,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const notSeen = hasDiff && !diff.isSuccess ? "The diff has to load first: an approval is of what it shows" : undefined;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border-2 border-indigo-300 bg-white p-4">
      <h2 id={headingId} className="text-base font-semibold">
        Review request {approval.id}
      </h2>
      <p className="text-sm text-slate-800">
        {approval.requestedBy} asks to {describeWrite(approval)} (requested <RelativeTime iso={approval.requestedAt} />, live revision then {approval.revision}).
      </p>
      {approval.note && <p className="text-sm italic text-slate-800">“{approval.note}”</p>}
      {!hasDiff ? (
        <p className="text-sm text-slate-800">An uninstall removes the release and the plan beside it; there is no diff to show.</p>
      ) : diff.isPending ? (
        <Loading what="the diff the requester will apply" />
      ) : diff.isError ? (
        <ErrorState error={diff.error} retry={() => void diff.refetch()} />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge tone={diff.data.changed ? "warning" : "success"}>{diff.data.changed ? "changes" : "no changes"}</Badge>
            {diff.data.exists ? `Against live revision ${diff.data.revision}` : "The release does not exist yet: everything is an addition"}
            {diff.data.exists && diff.data.revision !== approval.revision && ` — it has moved since the request (revision ${approval.revision}): the write will be refused.`}
          </p>
          {diff.data.output.trim() === "" ? <p className="text-sm text-slate-700">Nothing would change.</p> : <DiffOutput output={diff.data.output} />}
        </div>
      )}
      <Field label="Decision note" value={note} onChange={(event) => setNote(event.target.value)} placeholder="kept with the decision and in the audit log" />
      {error !== undefined && <ErrorState error={error} />}
      <div className="flex gap-2">
        <Button onClick={() => onApprove(note.trim() || undefined)} disabled={blocked !== undefined || notSeen !== undefined || deciding} disabledReason={blocked ?? notSeen}>
          {deciding ? "Approving…" : "Approve"}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
