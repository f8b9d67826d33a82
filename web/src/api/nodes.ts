// GET /api/nodes: the GPU inventory. Types come from docs/openapi.yaml (NodesReport, NodeView); the
// capitalised members are the reference's Go field names, kept on the wire.
import { get } from "./http";
import type { GpuUseHistory, NodesReport } from "./types";

export type { GpuPod, GpuUseHistory, NodeCondition, NodesReport, NodeView, ProductTotals } from "./types";

export const nodesApi = {
  nodes: () => get<NodesReport>("/api/nodes"),
  /** GET /api/nodes/history: the GPUs allocated over the last hours, kept by the server. */
  history: () => get<GpuUseHistory>("/api/nodes/history"),
};
