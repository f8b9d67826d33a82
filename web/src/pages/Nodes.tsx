import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { deploymentsApi } from "../api/deployments";
import { nodesApi, type NodesReport, type NodeView } from "../api/nodes";
import { GpuBar } from "../components/nodes/GpuBar";
import { GpuHistoryChart } from "../components/nodes/GpuHistoryChart";
import { nodeState, productLabel, sortNodes, vendorOf } from "../components/release/nodes";
import { StatCard } from "../components/release/StatCard";
import { Badge } from "../components/ui/Badge";
import { Card } from "../components/ui/Card";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { Table, Td, Th } from "../components/ui/Table";
import { usePollInterval } from "../live/LiveUpdates";
import { queryKeys } from "../api/queryKeys";
import { gpuHolders, releaseColour, type GpuHolder, type ReleaseRef } from "../fleet/gpuHolders";
import { cx } from "../components/ui/cx";

/** The server's largest page: the releases a GPU pod is matched against. */
const RELEASES_FOR_HOLDERS = 100;

/** The releases whose pods may hold GPUs; none while they load or if they cannot be listed. */
function useReleases(): ReleaseRef[] {
  const releases = useQuery({
    queryKey: queryKeys.deployments(1, RELEASES_FOR_HOLDERS),
    queryFn: () => deploymentsApi.list(1, RELEASES_FOR_HOLDERS),
    refetchInterval: usePollInterval(),
  });
  return releases.data?.deployments ?? [];
}

export default function Nodes() {
  const nodes = useQuery({ queryKey: queryKeys.nodes(), queryFn: nodesApi.nodes, refetchInterval: usePollInterval() });
  const releases = useReleases();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">Nodes</h1>
      {nodes.isPending ? (
        <Loading what="the GPU nodes" />
      ) : nodes.isError ? (
        <ErrorState error={nodes.error} retry={() => void nodes.refetch()} />
      ) : (
        <NodesView report={nodes.data} releases={releases} />
      )}
    </div>
  );
}

function NodesView({ report, releases }: { report: NodesReport; releases: ReleaseRef[] }) {
  const { summary, usageError } = report;
  const known = usageError === undefined;
  return (
    <>
      {usageError && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          GPU use is unknown: it needs a cluster-wide pod list (<code>rbac.nodeGPUUsage</code> in the swiss chart). {usageError}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label="Nodes" value={summary.nodes} />
        <StatCard label="GPUs" value={summary.gpus} note={summary.gpusCapacity !== summary.gpus ? `${summary.gpusCapacity} installed` : undefined} />
        <StatCard label="GPUs in use" value={known ? `${summary.gpusUsed} / ${summary.gpus}` : "unknown"} warn={known && summary.gpus > 0 && summary.gpusUsed >= summary.gpus} />
        <StatCard label="GPUs free" value={known ? (summary.gpusFree ?? summary.gpus - summary.gpusUsed) : "unknown"} />
      </div>
      <GpuHistoryCard />
      {(summary.products?.length ?? 0) > 0 && (
        <Card title="By vendor and product">
          <Table caption="GPUs by product">
            <thead>
              <tr>
                <Th>Vendor</Th>
                <Th>Product</Th>
                <Th>Resource</Th>
                <Th>Nodes</Th>
                <Th>Used / total</Th>
                <Th>Free</Th>
              </tr>
            </thead>
            <tbody>
              {[...summary.products!].sort((a, b) => vendorOf(a.resource).localeCompare(vendorOf(b.resource)) || a.product.localeCompare(b.product)).map((product) => (
                <tr key={`${product.product}/${product.resource}`}>
                  <Td>{vendorOf(product.resource)}</Td>
                  <Td>{productLabel(product.product, product.resource)}</Td>
                  <Td className="font-mono text-xs">{product.resource}</Td>
                  <Td>{product.nodes}</Td>
                  <Td>{product.gpusUsed !== undefined ? `${product.gpusUsed} / ${product.gpus}` : `? / ${product.gpus}`}</Td>
                  <Td>{product.gpusFree ?? "unknown"}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      {report.nodes.length === 0 ? <Empty>No nodes.</Empty> : <NodesTable nodes={sortNodes(report.nodes)} releases={releases} />}
    </>
  );
}

/** The allocation over time; a server that cannot say leaves the card out rather than failing. */
function GpuHistoryCard() {
  const history = useQuery({ queryKey: queryKeys.nodesHistory(), queryFn: nodesApi.history, refetchInterval: usePollInterval() });
  if (!history.data) {
    return null;
  }
  return (
    <Card title="GPUs in use over time">
      <GpuHistoryChart history={history.data} />
    </Card>
  );
}

function NodesTable({ nodes, releases }: { nodes: NodeView[]; releases: ReleaseRef[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table caption="Nodes">
      <thead>
        <tr>
          <Th>
            <span className="sr-only">Details</span>
          </Th>
          <Th>Node</Th>
          <Th>GPU type</Th>
          <Th>GPUs</Th>
          <Th>Usage</Th>
          <Th>State</Th>
        </tr>
      </thead>
      <tbody>
        {nodes.map((node) => (
          <NodeRows key={node.Name} node={node} holders={gpuHolders(node.gpuPods ?? [], releases)} open={open === node.Name} toggle={() => setOpen(open === node.Name ? null : node.Name)} />
        ))}
      </tbody>
    </Table>
  );
}

/** A node's row, and beneath it, while open, its GPU pods and taints. */
function NodeRows({ node, holders, open, toggle }: { node: NodeView; holders: GpuHolder[]; open: boolean; toggle: () => void }) {
  return (
    <>
      <tr>
        <Td>
          <button
            type="button"
            className="rounded px-1 text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-expanded={open}
            aria-label={`GPU pods and taints of ${node.Name}`}
            aria-controls={`node-${node.Name}-details`}
            onClick={toggle}
          >
            <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          </button>
        </Td>
        <Td>
          {node.Name}
          <p className="text-xs text-slate-600">{node.Kubelet}</p>
        </Td>
        <Td>{node.GPUs > 0 || node.GPUResource ? productLabel(node.GPUProduct, node.GPUResource) : "none"}</Td>
        <Td>{node.GPUs}</Td>
        <Td>
          <Usage node={node} holders={holders} />
        </Td>
        <Td>
          <Badge tone={nodeState(node) === "ready" ? "success" : nodeState(node) === "cordoned" ? "warning" : "danger"}>{nodeState(node)}</Badge>
        </Td>
      </tr>
      {open && (
        <tr id={`node-${node.Name}-details`}>
          <td colSpan={6} className="border-b border-slate-200 bg-slate-50 p-3">
            <NodeDetails node={node} holders={holders} />
          </td>
        </tr>
      )}
    </>
  );
}

function Usage({ node, holders }: { node: NodeView; holders: GpuHolder[] }) {
  if (node.gpusUsed === undefined) {
    return <span className="text-slate-600">unknown</span>;
  }
  if (node.GPUs === 0) {
    return <span className="text-slate-600">—</span>;
  }
  return (
    <span className="flex items-center gap-2">
      <GpuBar node={node} holders={holders} />
      <span>
        {node.gpusUsed} / {node.GPUs}
      </span>
    </span>
  );
}

function NodeDetails({ node, holders }: { node: NodeView; holders: GpuHolder[] }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <section aria-label={`GPU pods on ${node.Name}`}>
        <h3 className="mb-1 text-sm font-medium">GPU pods</h3>
        {(node.gpuPods?.length ?? 0) === 0 ? (
          <p className="text-sm text-slate-700">{node.gpusUsed === undefined ? "Unknown: pods could not be listed." : "No pod holds a GPU here."}</p>
        ) : (
          <ul className="text-sm">
            {holders.map(({ pod, release }) => (
              <li key={`${pod.namespace}/${pod.name}`} className="flex items-center gap-1">
                <span aria-hidden="true" className={cx("inline-block h-3 w-3 rounded-sm", releaseColour(release))} />
                <span className="font-mono text-xs">
                  {pod.namespace}/{pod.name}
                </span>{" "}
                — {pod.gpus} GPU{release ? `, release ${release.release}` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={`Taints of ${node.Name}`}>
        <h3 className="mb-1 text-sm font-medium">Taints</h3>
        {node.Taints.length === 0 ? (
          <p className="text-sm text-slate-700">No taints.</p>
        ) : (
          <ul className="text-sm">
            {node.Taints.map((taint) => (
              <li key={taint} className="font-mono text-xs">
                {taint}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-xs text-slate-600">
          {node.InternalIP && `Internal IP ${node.InternalIP}`} {node.ExternalIP && `· External IP ${node.ExternalIP}`}
        </p>
      </section>
    </div>
  );
}
