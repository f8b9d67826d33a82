import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { nodesApi, type NodesReport, type NodeView } from "../api/nodes";
import { nodeState, productLabel, sortNodes, vendorOf } from "../components/release/nodes";
import { StatCard } from "../components/release/StatCard";
import { Badge } from "../components/ui/Badge";
import { Card } from "../components/ui/Card";
import { Empty, ErrorState, Loading } from "../components/ui/States";
import { Table, Td, Th } from "../components/ui/Table";
import { usePollInterval } from "../live/LiveUpdates";
import { queryKeys } from "../api/queryKeys";

export default function Nodes() {
  const nodes = useQuery({ queryKey: queryKeys.nodes(), queryFn: nodesApi.nodes, refetchInterval: usePollInterval() });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">Nodes</h1>
      {nodes.isPending ? (
        <Loading what="the GPU nodes" />
      ) : nodes.isError ? (
        <ErrorState error={nodes.error} retry={() => void nodes.refetch()} />
      ) : (
        <NodesView report={nodes.data} />
      )}
    </div>
  );
}

function NodesView({ report }: { report: NodesReport }) {
  const { summary, usageError } = report;
  const known = usageError === undefined;
  return (
    <>
      {usageError && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          GPU use is unknown: it needs a cluster-wide pod list (<code>rbac.nodeGPUUsage</code> in the swiss chart). {usageError}
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
        <StatCard label="Nodes" value={summary.nodes} />
        <StatCard label="GPUs" value={summary.gpus} note={summary.gpusCapacity !== summary.gpus ? `${summary.gpusCapacity} installed` : undefined} />
        <StatCard label="GPUs in use" value={known ? `${summary.gpusUsed} / ${summary.gpus}` : "unknown"} warn={known && summary.gpus > 0 && summary.gpusUsed >= summary.gpus} />
        <StatCard label="GPUs free" value={known ? (summary.gpusFree ?? summary.gpus - summary.gpusUsed) : "unknown"} />
      </div>
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
      {report.nodes.length === 0 ? <Empty>No nodes.</Empty> : <NodesTable nodes={sortNodes(report.nodes)} />}
    </>
  );
}

function NodesTable({ nodes }: { nodes: NodeView[] }) {
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
          <Fragment key={node.Name}>
            <tr>
              <Td>
                <button
                  type="button"
                  className="rounded px-1 text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  aria-expanded={open === node.Name}
                  aria-label={`GPU pods and taints of ${node.Name}`}
                  aria-controls={`node-${node.Name}-details`}
                  onClick={() => setOpen(open === node.Name ? null : node.Name)}
                >
                  <span aria-hidden="true">{open === node.Name ? "▾" : "▸"}</span>
                </button>
              </Td>
              <Td>
                {node.Name}
                <p className="text-xs text-slate-600">{node.Kubelet}</p>
              </Td>
              <Td>{node.GPUs > 0 || node.GPUResource ? productLabel(node.GPUProduct, node.GPUResource) : "none"}</Td>
              <Td>{node.GPUs}</Td>
              <Td>
                <Usage node={node} />
              </Td>
              <Td>
                <Badge tone={nodeState(node) === "ready" ? "success" : nodeState(node) === "cordoned" ? "warning" : "danger"}>{nodeState(node)}</Badge>
              </Td>
            </tr>
            {open === node.Name && (
              <tr id={`node-${node.Name}-details`}>
                <td colSpan={6} className="border-b border-slate-200 bg-slate-50 p-3">
                  <NodeDetails node={node} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}

function Usage({ node }: { node: NodeView }) {
  if (node.gpusUsed === undefined) {
    return <span className="text-slate-600">unknown</span>;
  }
  if (node.GPUs === 0) {
    return <span className="text-slate-600">—</span>;
  }
  return (
    <span className="flex items-center gap-2">
      <meter className="w-24" min={0} max={node.GPUs} value={node.gpusUsed} aria-label={`${node.Name} GPUs in use`} />
      <span>
        {node.gpusUsed} / {node.GPUs}
      </span>
    </span>
  );
}

function NodeDetails({ node }: { node: NodeView }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <section aria-label={`GPU pods on ${node.Name}`}>
        <h3 className="mb-1 text-sm font-medium">GPU pods</h3>
        {(node.gpuPods?.length ?? 0) === 0 ? (
          <p className="text-sm text-slate-700">{node.gpusUsed === undefined ? "Unknown: pods could not be listed." : "No pod holds a GPU here."}</p>
        ) : (
          <ul className="text-sm">
            {node.gpuPods!.map((pod) => (
              <li key={`${pod.namespace}/${pod.name}`}>
                <span className="font-mono text-xs">
                  {pod.namespace}/{pod.name}
                </span>{" "}
                — {pod.gpus} GPU
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
