import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { NodesReport, NodeView } from "../../api/nodes";
import type { StatusReport } from "../../api/releases";
import { placementOf } from "../../deploy/placement";
import { PodsCard } from "./PodsCard";
import { nodeView } from "../../test/nodes";

afterEach(cleanup);

const node = (name: string, gpus: number, product: string, gpuPods?: NodeView["gpuPods"]): NodeView =>
  nodeView({ Name: name, GPUProduct: product, GPUResource: gpus > 0 ? "nvidia.com/gpu" : "", GPUs: gpus, gpuPods });

const inventory: NodesReport = {
  cluster: "lab",
  nodes: [node("cpu-1", 0, ""), node("gpu-h100-a", 8, "NVIDIA-H100-80GB-HBM3", [{ namespace: "models", name: "chat-ok", gpus: 1, node: "gpu-h100-a" }])],
  summary: { nodes: 2, gpus: 8, gpusUsed: 1, gpusCapacity: 8 },
};

const status: StatusReport = {
  release: "chat",
  namespace: "models",
  exists: true,
  revision: 1,
  ready: 2,
  total: 2,
  authPrefix: "",
  canaryState: "standalone",
  pods: [
    { name: "chat-ok", phase: "Running", ready: true, restarts: 0, node: "gpu-h100-a", ageSeconds: 60 },
    { name: "chat-cpu", phase: "Running", ready: true, restarts: 0, node: "cpu-1", ageSeconds: 60 },
  ],
};

const oneGpu = placementOf({ catalog: { model: { gpus: "1" }, resources: { limits: { "nvidia.com/gpu": 1 } } } });

describe("<PodsCard>", () => {
  it("flags the pod on a node without the variant's GPU, and only that one", () => {
    render(<PodsCard status={status} placement={oneGpu} inventory={inventory} />);
    const flagged = screen.getByRole("list", { name: "Placement problems of chat-cpu" });
    expect(within(flagged).getByText(/node cpu-1 has no GPUs, but the variant needs 1 GPU/)).toBeTruthy();
    expect(within(flagged).getByText(/asks for no GPU/)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Placement problems of chat-ok" })).toBeNull();
  });

  it("takes the pod's own GPU request over the inventory, so a pending pod asking for none is flagged too", () => {
    const pending = { ...status, pods: [{ name: "chat-new", phase: "Pending", ready: false, restarts: 0, node: "gpu-h100-a", ageSeconds: 5, gpus: 0 }] };
    render(<PodsCard status={pending} placement={oneGpu} inventory={inventory} />);
    expect(screen.getByRole("list", { name: "Placement problems of chat-new" }).textContent).toContain("asks for no GPU");
  });

  it("shows each pod's startup steps in order", () => {
    const starting = {
      ...status,
      pods: [{ name: "chat-new", phase: "Running", ready: false, restarts: 0, node: "gpu-h100-a", ageSeconds: 95, gpus: 1, milestones: { createdAt: "2026-12-01T10:00:00Z", scheduledAt: "2026-12-01T10:00:05Z", imagePulled: true, startedAt: "2026-12-01T10:01:00Z", startupPassed: false } }],
    };
    render(<PodsCard status={starting} placement={oneGpu} inventory={inventory} />);
    const steps = within(screen.getByRole("list", { name: "Startup of chat-new" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual(["✓scheduled(done)+5s", "✓image pulled(done)", "✓started(done)+1m", "4startup probe passing(now)", "5ready(not yet)"]);
    expect(steps[3].getAttribute("aria-current")).toBe("step");
  });

  it("flags nothing without a plan to compare with", () => {
    render(<PodsCard status={status} inventory={inventory} />);
    expect(screen.queryByRole("list", { name: /Placement problems/ })).toBeNull();
  });
});
