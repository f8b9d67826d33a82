import { detailPath } from "../release/paths";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type Dispatch, type ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../../api/http";
import { afterReleaseWrite } from "../../api/queryKeys";
import type { ApplyResult, Plan, PlanAnswer } from "../../api/plans";
import {
  type Action,
  actionOf,
  applyBlockedBecause,
  applyRequest,
  type ApplyAssertions,
  canApply,
  canDiff,
  currentStep,
  needsForceChart,
  NOTHING_TO_APPLY,
  onlyThePlanChanges,
  type DiffLike,
  type PipelineEvent,
  type PipelineState,
  type Step,
} from "../../deploy/pipeline";
import { Provenance } from "../Provenance";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { cx } from "../ui/cx";
import { Digest } from "../ui/Digest";
import { ErrorState } from "../ui/States";
import { placementLine, placementOf } from "../../deploy/placement";
import { valueChanges, type ValueChange } from "../../deploy/valueChanges";
import { DiffOutput } from "./DiffOutput";
import { startupBudgetSeconds } from "../../deploy/startupBudget";
import { PreflightNotes } from "./PreflightNotes";
import { StatusPods } from "./StatusPods";
import { ValueChangeList } from "./ValueChangeList";
import { useScrollIntoView } from "../../lib/useScrollIntoView";
import { isApprovalRefusal, isLive, needsApproval, writeWaitsBecause, type ApprovalTarget } from "../../approvals/approvals";
import { useApproval, useApprovalPolicy } from "../../approvals/useApproval";
import { ApprovalNotice } from "../approvals/ApprovalNotice";

export interface ShownDiff extends DiffLike {
  changed: boolean;
  output: string;
  warnings?: string[];
}

/** What a write sends: the diff's assertions, the operator's note and, on a rollback only, the force past a moved chart. */
export interface WriteRequest extends ApplyAssertions {
  note?: string;
  /** A rollback the operator chose to run although its chart version was pushed again since the revision ran. */
  forceChart?: boolean;
}

export type PipelineOf = PipelineState<PlanAnswer, ShownDiff>;
export type PipelineDispatch = Dispatch<PipelineEvent<PlanAnswer, ShownDiff>>;

export interface PipelineProps {
  state: PipelineOf;
  dispatch: PipelineDispatch;
  /** Composes the plan; absent on a rollback, whose plan is the archive. */
  compose?: () => Promise<PlanAnswer>;
  /** Why composing is not possible yet (e.g. no service id). */
  composeBlocked?: string;
  diff: (plan: PlanAnswer) => Promise<ShownDiff>;
  apply: (request: WriteRequest, install: boolean, adopt: boolean) => Promise<ApplyResult>;
  /** The release is a helm release swiss does not keep: the write adopts it (needs an empty diff). */
  adopt?: boolean;
  rollback?: boolean;
  /** The revision a rollback restores: what its approval, on a protected site, is of. */
  rollbackTo?: number;
  /** Shown above the plan's values (What moves). */
  planHeader?: ReactNode;
  /** Problems no form field fixes. */
  notes?: string[];
  /** The deployed plan, when there is one: the diff leads with the values that differ from it. */
  deployed?: Plan;
}

const STEP_LABEL: Record<Step, string> = { plan: "Plan", diff: "Diff", apply: "Apply", status: "Status" };

/** The gated steps; every write waits for the server's answer (no optimistic state). */
export function Pipeline(props: PipelineProps) {
  const { state, dispatch, rollback = false, adopt: adopting = false } = props;
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  // What the last write did, as it was sent: the page re-reads the release after it, and what the
  // step would be called now (an adopted release is no longer one to adopt) is not what ran.
  const [sent, setSent] = useState<Action>();
  const noteId = useId();
  const current = currentStep(state);
  const action = actionOf(state, rollback, adopting);
  const deployedHash = props.deployed?.hash;
  const applyBlocked = applyBlockedBecause(state, deployedHash, adopting);
  const nothingToApply = applyBlocked === NOTHING_TO_APPLY && !state.result;

  // On a protected site (its profile says so, or the server refused a write for want of an
  // approval) the write waits for another user's approval of exactly what the diff showed.
  const policy = useApprovalPolicy();
  const [refusedForApproval, setRefusedForApproval] = useState(false);
  // An adoption changes nothing in the release, so it asks for no approval.
  const gated = !adopting && (needsApproval(policy.requireApproval) || refusedForApproval);
  const target = gated && !state.result ? approvalTarget(state, action, props.rollbackTo) : undefined;
  const { approval, request: asking } = useApproval(target);
  const waits = target ? writeWaitsBecause(approval) : undefined;
  const mayApply = canApply(state, deployedHash, adopting) && waits === undefined;

  const run = async <T,>(step: Exclude<Step, "status">, call: () => Promise<T>, done: (value: T) => PipelineEvent<PlanAnswer, ShownDiff>) => {
    const generation = state.generation;
    dispatch({ type: "started", step });
    try {
      dispatch(done(await call()));
    } catch (error) {
      dispatch({ type: "failed", generation, step, error });
    }
  };

  const compose = () => props.compose && run("plan", props.compose, (plan) => ({ type: "planned", generation: state.generation, plan }));
  const diff = () => state.plan && run("diff", () => props.diff(state.plan!), (result) => ({ type: "diffed", generation: state.generation, diff: result }));
  const trimmedNote = note.trim() === "" ? undefined : note.trim();
  const requestApproval = () => target && asking.mutate({ target, note: trimmedNote });
  // `forceChart` only ever comes from the button a rollback's moved-chart refusal shows.
  const write = (force?: { forceChart: true }) => {
    const request: WriteRequest = { ...applyRequest(state, deployedHash, adopting), note: trimmedNote, ...force };
    const install = action === "Install";
    const adopt = action === "Adopt";
    setSent(action);
    return run(
      "apply",
      () =>
        props.apply(request, install, adopt).catch((error: unknown) => {
          if (isApprovalRefusal(error)) {
            setRefusedForApproval(true);
          }
          throw error;
        }),
      (result) => {
        // An install, apply or rollback moves the release: everything that shows it is stale.
        const { namespace, name } = state.plan!.release;
        void afterReleaseWrite(queryClient, namespace, name);
        return { type: "applied", generation: state.generation, result };
      },
    );
  };
  const apply = () => write();
  const rollBackAnyway = () => write({ forceChart: true });

  // Each answer is scrolled to as it arrives, below the steps that stay in view.
  const planShown = useScrollIntoView<HTMLDivElement>(state.plan?.hash);
  const diffShown = useScrollIntoView<HTMLDivElement>(state.diff);
  const resultShown = useScrollIntoView<HTMLDivElement>(state.result);

  return (
    <section aria-labelledby={`${noteId}-steps`} className="flex flex-col gap-4">
      <h2 id={`${noteId}-steps`} className="text-lg font-semibold">
        Steps
      </h2>
      <PreflightNotes messages={props.notes ?? []} />
      {/* In view while the page scrolls: the next step is always one click away. */}
      <ol aria-label="Deploy steps" className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white py-2">
        {!rollback && (
          <StepItem current={current === "plan"}>
            <Button onClick={compose} disabled={!!props.composeBlocked || state.pending !== undefined} disabledReason={props.composeBlocked}>
              {state.pending === "plan" ? "Planning…" : "Plan"}
            </Button>
          </StepItem>
        )}
        <StepItem current={current === "diff"}>
          <Button variant="secondary" onClick={diff} disabled={!canDiff(state)} disabledReason={state.plan ? undefined : "Plan first: a diff compares a plan with the live release"}>
            {state.pending === "diff" ? "Diffing…" : "Diff"}
          </Button>
        </StepItem>
        {gated && (
          <StepItem current={current === "apply" && waits !== undefined}>
            {isLive(approval) ? (
              <span className="px-2 text-sm font-medium text-slate-800">{approval!.state === "approved" ? "Approved" : "Approval pending"}</span>
            ) : (
              <Button
                variant="secondary"
                onClick={requestApproval}
                disabled={target === undefined || applyBlocked !== undefined || asking.isPending || state.pending !== undefined}
                disabledReason={applyBlocked}
              >
                {asking.isPending ? "Requesting…" : "Request approval"}
              </Button>
            )}
          </StepItem>
        )}
        <StepItem current={current === "apply" && waits === undefined}>
          <Button variant={rollback ? "danger" : "primary"} onClick={apply} disabled={!mayApply} disabledReason={applyBlocked ?? waits}>
            {state.pending === "apply" ? `${action}…` : action}
          </Button>
        </StepItem>
        <StepItem current={current === "status"}>
          <span className={cx("px-2 text-sm", state.result ? "font-medium text-slate-900" : "text-slate-600")}>{STEP_LABEL.status}</span>
        </StepItem>
      </ol>
      {props.composeBlocked && !rollback && <p className="text-sm text-slate-700">{props.composeBlocked}</p>}
      {nothingToApply && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm font-medium text-green-900">
          <strong>{action} is disabled.</strong> {applyBlocked}
        </p>
      )}
      {onlyThePlanChanges(state, deployedHash) && !state.result && (
        <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-800">
          No object changes, but the plan differs from the deployed one (see the value changes): {action.toLowerCase()} records it beside the release.
        </p>
      )}
      {state.failed && (
        <StepFailure
          step={state.failed.step}
          error={state.failed.error}
          forceChart={rollback && state.failed.step === "apply" ? { run: rollBackAnyway, disabled: !mayApply, reason: applyBlocked ?? waits } : undefined}
        />
      )}
      {state.plan && (
        <div ref={planShown} className="scroll-mt-16">
          <PlanPanel plan={state.plan} header={props.planHeader} />
        </div>
      )}
      {state.diff && (
        <div ref={diffShown} className="scroll-mt-16">
          <DiffPanel diff={state.diff} changes={valueChangesShown(state, props.deployed)} pinsChart={!rollback} />
        </div>
      )}
      {/* Beside the diff it is of and the note it carries, where the requester is looking. */}
      {target && state.diff && applyBlocked === undefined && <ApprovalNotice approval={approval} what={action.toLowerCase()} />}
      {asking.isError && <ErrorState error={asking.error} />}
      {state.plan && !state.result && (
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
            Note
          </label>
          <input
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="why — recorded in the log and beside the release"
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </div>
      )}
      {state.result && (
        <div ref={resultShown} className="scroll-mt-16">
          <StatusPanel result={state.result} plan={state.plan!} action={sent ?? action} />
        </div>
      )}
    </section>
  );
}

/**
 * The values the plan moves against the deployed one, for a diff of a release that exists; none
 * once written, when the deployed plan the page reads back is this very plan.
 */
function valueChangesShown(state: PipelineOf, deployed: Plan | undefined): ValueChange[] | undefined {
  return deployed && state.plan && state.diff?.exists && !state.result ? valueChanges(deployed.layers, state.plan.layers) : undefined;
}

function StepItem({ current, children }: { current: boolean; children: ReactNode }) {
  return (
    <li aria-current={current ? "step" : undefined} className={cx("flex items-center gap-2 rounded-md p-0.5", current && "ring-2 ring-indigo-600")}>
      {children}
    </li>
  );
}

/** What an approval of the shown diff is of; undefined until a diff of the current plan exists. */
function approvalTarget(state: PipelineOf, action: Action, rollbackTo?: number): ApprovalTarget | undefined {
  if (!state.plan || !state.diff || state.diff.planHash !== state.plan.hash) {
    return undefined;
  }
  const { namespace, name: release } = state.plan.release;
  const revision = state.diff.revision;
  return action === "Roll back"
    ? { action: "rollback", namespace, release, toRevision: rollbackTo, revision }
    : {
        action: action === "Install" ? "install" : "apply",
        namespace,
        release,
        planHash: state.plan.hash,
        // The write pins the diff's chart digest, and the server holds an approval to it.
        ...(state.diff.chartDigest ? { chartDigest: state.diff.chartDigest } : {}),
        revision,
      };
}

/** A rollback's way past a moved chart: repeats the write with `forceChart`, closed when the step is (`reason` says why). */
interface ForceChart {
  run: () => void;
  disabled: boolean;
  reason?: string;
}

function StepFailure({ step, error, forceChart }: { step: Step; error: unknown; forceChart?: ForceChart }) {
  if (forceChart && needsForceChart(error)) {
    // Diffing again cannot help here: the archive the revision ran is gone from the repository.
    return (
      <div className="flex flex-col items-start gap-2">
        <ErrorState error={error} />
        <p className="text-sm text-slate-700">
          The chart version this revision ran was pushed again with other contents. Rolling back anyway installs the archive the repository serves now, which
          this revision never ran; the release's status records that it was forced.
        </p>
        <Button variant="danger" onClick={forceChart.run} disabled={forceChart.disabled} disabledReason={forceChart.reason}>
          Roll back anyway (chart was pushed again)
        </Button>
      </div>
    );
  }
  if (isApprovalRefusal(error)) {
    return (
      <div className="flex flex-col gap-1">
        <ErrorState error={error} />
        <p className="text-sm text-slate-700">This site needs another user's approval of this write: Request approval, and once it is approved, retry.</p>
      </div>
    );
  }
  const conflict = error instanceof ApiError && error.status === 409;
  return (
    <div className="flex flex-col gap-1">
      <ErrorState error={error} />
      {conflict && (
        <p className="text-sm text-slate-700">
          The server refused the {STEP_LABEL[step].toLowerCase()} (409): the release or its chart is not where the diff saw it. Run Diff again, then retry.
        </p>
      )}
    </div>
  );
}

function PlanPanel({ plan, header }: { plan: PlanAnswer; header?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      {header}
      <Card title="Plan" actions={<code className="text-xs text-slate-700" title={plan.hash}>{plan.hash.slice(0, 19)}</code>}>
        <p className="mb-2 text-sm text-slate-700">
          {plan.release.namespace}/{plan.release.name} · {plan.source.model} v{plan.source.version} · {plan.source.variant} · {plan.chart.name}-{plan.chart.version}
        </p>
        <p className="mb-2 text-sm text-slate-700">
          <span className="font-medium text-slate-800">Scheduling:</span> {placementLine(placementOf(plan.layers))}
        </p>
        {(plan.warnings ?? []).map((warning) => (
          <p key={warning} className="mb-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {warning}
          </p>
        ))}
        <Provenance plan={plan} />
      </Card>
    </div>
  );
}

/**
 * `pinsChart`: the write sends the diff's chart digest back (an install or apply). A rollback does
 * not: the server checks the archive against the one the revision ran.
 */
function DiffPanel({ diff, changes, pinsChart }: { diff: ShownDiff; changes?: ValueChange[]; pinsChart: boolean }) {
  return (
    <Card
      title="Diff"
      actions={<Badge tone={diff.changed ? "warning" : "success"}>{diff.changed ? "changes" : "no changes"}</Badge>}
    >
      <p className="mb-2 text-sm text-slate-700">{diff.exists ? `Against live revision ${diff.revision}` : "The release does not exist yet: everything is an addition"}</p>
      {diff.chartDigest && (
        <p className="mb-2 text-sm text-slate-700">
          Chart digest <Digest digest={diff.chartDigest} />
          {pinsChart
            ? ": the write asserts it, so a chart version pushed again since this diff is refused, not installed unseen"
            : " (the archive its repository serves under that chart version now)"}
        </p>
      )}
      {changes && <ValueChangeList changes={changes} />}
      {diff.output.trim() === "" ? <p className="text-sm text-slate-700">Nothing would change.</p> : <DiffOutput output={diff.output} />}
    </Card>
  );
}

function StatusPanel({ result, plan, action }: { result: ApplyResult; plan: PlanAnswer; action: string }) {
  const { namespace, name: release } = plan.release;
  return (
    <Card title="Status">
      <p role="status" className="text-sm font-medium text-green-800">
        {action === "Adopt"
          ? `${result.release} adopted at revision ${result.revision}: its plan is kept beside it now, and nothing in it changed`
          : result.changed
            ? `${result.release} submitted at revision ${result.revision}`
            : `${result.release} unchanged: nothing differed, it stays at revision ${result.revision}`}
      </p>
      <p className="text-sm text-slate-700">Not waiting: a cold model load takes 20–40 minutes. Each pod's way to ready shows below as it goes.</p>
      <StatusPods namespace={namespace} release={release} budgetSeconds={startupBudgetSeconds(plan)} />
      {result.statusError && <p className="text-sm text-amber-900">The release is live, but its status record was not updated: {result.statusError}</p>}
      <p className="mt-2">
        <Link className="text-sm font-medium text-indigo-800 underline" to={detailPath(namespace, release)}>
          Open {namespace}/{release}
        </Link>
      </p>
      {result.output && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-slate-700">{action} output</summary>
          <pre role="region" tabIndex={0} aria-label={`${action} output`} className="max-h-96 overflow-auto rounded-md bg-slate-50 p-2 text-xs text-slate-800">{result.output}</pre>
        </details>
      )}
    </Card>
  );
}
