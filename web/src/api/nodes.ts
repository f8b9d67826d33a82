// GET /api/nodes: the GPU inventory. Types come from docs/openapi.yaml (NodesReport, NodeView); the
// capitalised members are the reference's Go field names, kept on the wire.
import { get } from "./http";
import type { NodesReport } from "./types";

export type { GpuPod, NodeCondition, NodesReport, NodeView, ProductTotals } from "./types";

export const nodesApi = {
  nodes: () => get<NodesReport>("/api/nodes"),
};
