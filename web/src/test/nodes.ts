// A node as GET /api/nodes answers it, for tests: a ready, schedulable node with no GPUs unless
// the test gives them.
import type { NodeView } from "../api/nodes";

export function nodeView(overrides: Partial<NodeView>): NodeView {
  return {
    Name: "node-1",
    GPUProduct: "",
    GPUResource: "",
    GPUs: 0,
    Labels: {},
    Taints: [],
    Schedulable: true,
    Ready: true,
    Kubelet: "v1.33",
    InternalIP: "",
    ExternalIP: "",
    Conditions: [],
    gpusCapacity: overrides.GPUs ?? 0,
    ...overrides,
  };
}
