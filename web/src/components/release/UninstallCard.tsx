import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { NodesReport } from "../../api/nodes";
import { afterUninstall } from "../../api/queryKeys";
import { releasesApi, type ReleasePlan, type StatusReport, type UninstallResult } from "../../api/releases";
import { runsApi, type Run } from "../../api/runs";
import { describeCost, uninstallCost } from "../../deploy/uninstallCost";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { Field } from "../ui/Field";
import { ErrorState } from "../ui/States";
import { textLink } from "./ButtonLink";
import { paramsFromFilter } from "./runFilter";
import { isApprovalRefusal, isLive, needsApproval, writeWaitsBecause, type ApprovalTarget } from "../../approvals/approvals";
import { useApproval, useApprovalPolicy } from "../../approvals/useApproval";
import { ApprovalNotice } from "../approvals/ApprovalNotice";

export interface Uninstalled {
  namespace: string;
  release: string;
  result: UninstallResult;
  /** The audit log's record of it; undefined when the log could not be read or keeps none. */
  run?: Run;
}

/** The newest uninstall run of the release: the one just made. */
async function uninstallRun(namespace: string, release: string): Promise<Run | undefined> {
  try {
    const { runs } = await runsApi.list({ namespace, release, action: "uninstall" });
    return [...runs].sort((a, b) => b.id - a.id)[0];
  } catch {
    return undefined;
  }
}

/**
 * Uninstall, enabled only once the release's name is typed: there is no undo. It says what it
 * costs before, and after, what it did with a link to the run the audit log keeps.
 */
export function UninstallCard({
  status,
  plan,
  inventory,
  onUninstalling,
  onUninstalled,
}: {
  status: StatusReport;
  plan?: ReleasePlan;
  inventory?: NodesReport;
  /** Called once it is gone: the page confirms it in place of the release. */
  onUninstalled: (done: Uninstalled) => void;
  /** Told true when the uninstall is sent and false if it fails: the page stops reading the release meanwhile. */
  onUninstalling?: (uninstalling: boolean) => void;
}) {
  const { namespace, release } = status;
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState("");
  const [why, setWhy] = useState("");
  // On a protected site (or once the server says so) another user approves this uninstall first.
  const policy = useApprovalPolicy();
  const [refusedForApproval, setRefusedForApproval] = useState(false);
  const target: ApprovalTarget | undefined =
    needsApproval(policy.requireApproval) || refusedForApproval ? { action: "uninstall", namespace, release, revision: status.revision } : undefined;
  const { approval, request } = useApproval(target);
  const waits = target ? writeWaitsBecause(approval) : undefined;
  const uninstall = useMutation({
    mutationFn: async () => {
      const result = await releasesApi.uninstall(namespace, release);
      return { namespace, release, result, run: await uninstallRun(namespace, release) };
    },
    onMutate: () => onUninstalling?.(true),
    onError: (error) => {
      onUninstalling?.(false);
      if (isApprovalRefusal(error)) {
        setRefusedForApproval(true);
      }
    },
    onSuccess: (done) => {
      onUninstalled(done);
      // The release is gone: its own queries are dropped, the list and the audit log refetched.
      void afterUninstall(queryClient, namespace, release);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === release && waits === undefined) {
      uninstall.mutate();
    }
  };
  return (
    <Card title="Uninstall" className="border-red-200">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <p className="text-sm text-slate-700">Removes the release and the plan beside it. The audit log keeps the record.</p>
        <ul aria-label="What uninstalling costs" className="list-disc pl-5 text-sm text-slate-800">
          {describeCost(uninstallCost(status, plan, inventory)).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Field
          label={`Type ${release} to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {target && <ApprovalNotice approval={approval} what="uninstall" />}
        {target && !isLive(approval) && (
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Why (for the approver)" value={why} onChange={(event) => setWhy(event.target.value)} />
            <Button variant="secondary" onClick={() => request.mutate({ target, note: why.trim() || undefined })} disabled={request.isPending}>
              {request.isPending ? "Requesting…" : "Request approval"}
            </Button>
          </div>
        )}
        {request.isError && <ErrorState error={request.error} />}
        {uninstall.isError && <ErrorState error={uninstall.error} />}
        <div>
          <Button
            type="submit"
            variant="danger"
            disabled={typed !== release || uninstall.isPending || waits !== undefined}
            disabledReason={typed !== release ? `Type ${release} above to uninstall it` : waits}
          >
            {uninstall.isPending ? "Uninstalling…" : "Uninstall"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** What an uninstall did, with the run the audit log keeps of it, in place of the release. */
export function UninstalledCard({ done }: { done: Uninstalled }) {
  const navigate = useNavigate();
  const { namespace, release } = done;
  const runs = `/runs?${paramsFromFilter({ namespace, release, action: "uninstall" }).toString()}`;
  return (
    <Card title="Uninstalled">
      <div className="flex flex-col gap-2 text-sm">
        <p role="status" className="font-medium text-green-800">
          {namespace}/{release} was uninstalled.
        </p>
        {done.result.planError && (
          <div role="alert" className="flex flex-col gap-2">
            <p>Its plan could not be removed:</p>
            <p className="rounded bg-red-50 p-2 text-red-800">{done.result.planError}</p>
          </div>
        )}
        <p>
          <Link className={textLink} to={runs}>
            {done.run ? `Run ${done.run.id} in the audit log` : "The uninstall in the audit log"}
          </Link>
        </p>
        {done.result.output && <pre className="max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs">{done.result.output}</pre>}
        <div>
          <Button variant="secondary" onClick={() => navigate("/")}>
            Back to deployments
          </Button>
        </div>
      </div>
    </Card>
  );
}
