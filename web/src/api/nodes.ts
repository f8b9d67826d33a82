// GET /api/nodes: the GPU inventory. Types mirror docs/openapi.yaml (NodesReport, NodeView); the
// capitalised members are the reference's Go field names, kept on the wire.
import { get } from "./http";

export interface GpuPod {
  namespace: string;
  name: string;
  gpus: number;
  node: string;
}

export interface NodeCondition {
  Type: string;
  Status: string;
  Reason: string;
  Message: string;
}

export interface NodeView {
  Name: string;
  GPUProduct: string;
  GPUResource: string;
  GPUs: number;
  Labels: Record<string, string>;
  Taints: string[];
  Schedulable: boolean;
  Ready: boolean;
  Kubelet: string;
  InternalIP: string;
  ExternalIP: string;
  Conditions: NodeCondition[];
  gpusCapacity: number;
  gpusUsed?: number;
  gpusFree?: number;
  gpuPods?: GpuPod[];
}

export interface ProductTotals {
  product: string;
  resource: string;
  nodes: number;
  gpus: number;
  gpusUsed?: number;
  gpusFree?: number;
}

export interface NodesReport {
  cluster: string;
  nodes: NodeView[];
  summary: { nodes: number; gpus: number; gpusUsed: number; gpusCapacity: number; gpusFree?: number; products?: ProductTotals[] };
  usageError?: string;
}

export const NODES_KEY = ["nodes"] as const;

export const nodesApi = {
  nodes: () => get<NodesReport>("/api/nodes"),
};
