import { describe, expect, it } from "vitest";
import type { NodesReport } from "../api/nodes";
import type { StatusReport } from "../api/releases";
import { plan } from "../test/plans";
import { startupBudgetSeconds } from "./startupBudget";
import { describeCost, uninstallCost } from "./uninstallCost";

const status: StatusReport = {
  release: "qwen3-8b",
  namespace: "models",
  exists: true,
  revision: 2,
  ready: 2,
  total: 2,
  authPrefix: "",
  canaryState: "standalone",
  pods: [
    { name: "q-0", phase: "Running", ready: true, restarts: 0, node: "h100-a", ageSeconds: 9 },
    { name: "q-1", phase: "Running", ready: true, restarts: 0, node: "h100-a", ageSeconds: 9 },
  ],
};

const inventory = {
  cluster: "lab",
  nodes: [
    {
      Name: "h100-a",
      GPUProduct: "H100",
      GPUResource: "nvidia.com/gpu",
      GPUs: 8,
      Labels: {},
      Taints: [],
      Schedulable: true,
      Ready: true,
      Kubelet: "",
      InternalIP: "",
      ExternalIP: "",
      Conditions: [],
      gpusCapacity: 8,
      gpuPods: [
        { namespace: "models", name: "q-0", gpus: 2, node: "h100-a" },
        { namespace: "models", name: "q-1", gpus: 2, node: "h100-a" },
      ],
    },
  ],
  summary: { nodes: 1, gpus: 8, gpusUsed: 4, gpusCapacity: 8 },
} satisfies NodesReport;

const probed = plan({ layers: { catalog: { startupProbe: { periodSeconds: 10, failureThreshold: 120 } }, site: { model: { localPath: "/mnt/qwen" } } } });

describe("uninstallCost", () => {
  it("adds up the GPUs the release's pods hold and names the weights to reload", () => {
    const cost = uninstallCost(status, probed, inventory);
    expect(cost).toEqual({ pods: 2, gpusFreed: 4, model: "qwen3-8b", weightsPath: "/mnt/qwen", startupBudgetSeconds: 1200 });
    expect(describeCost(cost)).toEqual([
      "Stops 2 pods and frees the 4 GPUs they hold.",
      "Deploying it again loads the weights of qwen3-8b from /mnt/qwen from cold, which its startup probe allows up to 20 min.",
    ]);
  });

  it("says plainly that pods holding no GPU free none", () => {
    expect(describeCost({ pods: 1, gpusFreed: 0 })[0]).toBe("Stops 1 pod; they hold no GPUs, so none are freed.");
  });

  it("does not guess the GPUs when the inventory cannot tell", () => {
    const cost = uninstallCost(status, probed, undefined);
    expect(cost.gpusFreed).toBeUndefined();
    expect(describeCost(cost)[0]).toBe("Stops 2 pods; the GPUs they hold could not be read.");
  });
});

describe("startupBudgetSeconds", () => {
  it("uses Kubernetes' defaults for what the probe leaves out, and nothing without a probe", () => {
    expect(startupBudgetSeconds(plan({ layers: { catalog: { startupProbe: { initialDelaySeconds: 30 } } } }))).toBe(60);
    expect(startupBudgetSeconds(plan({ layers: {} }))).toBeUndefined();
  });
});
