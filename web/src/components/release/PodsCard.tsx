import type { NodesReport } from "../../api/nodes";
import type { PodView, StatusReport } from "../../api/releases";
import { gpusHeldBy, placementProblems, type Placement } from "../../deploy/placement";
import { Badge } from "../ui/Badge";
import { Card } from "../ui/Card";
import { Empty } from "../ui/States";
import { Table, Td, Th } from "../ui/Table";
import { PodStartup } from "./PodStartup";
import { formatDuration, podReadiness, startupFraction, startupText } from "./format";

/**
 * The release's pods; a pod loading its weights shows how far along its startup probe is, and a
 * pod that landed where the variant cannot run (or asked for no GPU) is flagged, given the plan's
 * placement and the node inventory.
 */
export function PodsCard({
  status,
  placement,
  inventory,
  startupBudgetSeconds,
}: {
  status: StatusReport;
  placement?: Placement;
  inventory?: NodesReport;
  /** The plan's startup probe budget, to weigh a ready pod's start against. */
  startupBudgetSeconds?: number;
}) {
  const allReady = status.total > 0 && status.ready === status.total;
  return (
    <Card
      title="Pods"
      actions={
        <Badge tone={allReady ? "success" : status.total === 0 ? "muted" : "warning"}>
          {status.ready} / {status.total} ready
        </Badge>
      }
    >
      {status.warning && (
        <p role="status" className="mb-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
          {status.warning}
        </p>
      )}
      {status.pods.length === 0 ? (
        <Empty>No pods.</Empty>
      ) : (
        <>
          {!allReady && <p className="mb-2 text-xs text-slate-600">A cold load takes 20–40 minutes: a scheduled pod that is not ready yet is most likely reading weights.</p>}
          <Table caption="Pods">
            <thead>
              <tr>
                <Th>Pod</Th>
                <Th>Phase</Th>
                <Th>Ready</Th>
                <Th>Startup</Th>
                <Th>Restarts</Th>
                <Th>Node</Th>
                <Th>Age</Th>
              </tr>
            </thead>
            <tbody>
              {status.pods.map((pod) => (
                <PodRow key={pod.name} pod={pod} problems={placement ? podProblems(placement, inventory, status.namespace, pod) : []} />
              ))}
            </tbody>
          </Table>
          <PodStartup pods={status.pods} budgetSeconds={startupBudgetSeconds} />
        </>
      )}
    </Card>
  );
}

function podProblems(placement: Placement, inventory: NodesReport | undefined, namespace: string, pod: PodView): string[] {
  return placementProblems(placement, {
    node: inventory?.nodes.find((node) => node.Name === pod.node),
    // The pod's own request when the server sends it; else what the node inventory says it holds.
    gpusHeld: pod.gpus ?? gpusHeldBy(inventory, { namespace, ...pod }),
  });
}

function PodRow({ pod, problems }: { pod: PodView; problems: string[] }) {
  const readiness = podReadiness(pod);
  return (
    <tr>
      <Td>
        <span className="font-mono text-xs">{pod.name}</span>
        {pod.message && <p className="text-xs text-slate-700">{pod.message}</p>}
      </Td>
      <Td>{pod.phase}</Td>
      <Td>
        <Badge tone={readiness === "ready" ? "success" : readiness === "failing" ? "danger" : "muted"}>{readiness}</Badge>
      </Td>
      <Td>{pod.startup ? <StartupProgressView pod={pod} /> : ""}</Td>
      <Td>{pod.restarts}</Td>
      <Td>
        {pod.node ?? "not scheduled"}
        {problems.length > 0 && (
          <ul aria-label={`Placement problems of ${pod.name}`} className="mt-1 flex flex-col gap-1">
            {problems.map((problem) => (
              <li key={problem} className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800">
                <span aria-hidden="true">⚠ </span>
                {problem}
              </li>
            ))}
          </ul>
        )}
      </Td>
      <Td>{formatDuration(pod.ageSeconds)}</Td>
    </tr>
  );
}

function StartupProgressView({ pod }: { pod: PodView }) {
  const startup = pod.startup!;
  const text = startupText(startup);
  const fraction = startup.state === "loading" ? startupFraction(startup) : null;
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <span className={startup.state === "failing" ? "text-red-800" : "text-slate-800"}>{text}</span>
      {fraction !== null && (
        <progress className="h-1.5 w-full" max={1} value={fraction} aria-label={`${pod.name} startup: ${text}`} />
      )}
      <span className="text-xs text-slate-600">container {startup.container}</span>
    </div>
  );
}
