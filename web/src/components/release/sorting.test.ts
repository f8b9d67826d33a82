import { describe, expect, it } from "vitest";
import type { DeploymentRow } from "../../api/deployments";
import type { NodeView } from "../../api/nodes";
import { nodeState, productLabel, sortNodes, vendorOf } from "./nodes";
import { isLive, isManaged, sortDeployments } from "./sorting";
import { nodeView } from "../../test/nodes";

const row = (release: string, extra: Partial<DeploymentRow> = {}): DeploymentRow => ({
  release,
  namespace: "models",
  revision: 1,
  backend: "helm",
  canaryState: "standalone",
  ...extra,
});

describe("sortDeployments", () => {
  it("puts untracked releases first, then orders by release name", () => {
    const sorted = sortDeployments([row("b"), row("z", { untracked: true }), row("a"), row("c", { untracked: true })]);
    expect(sorted.map((r) => r.release)).toEqual(["c", "z", "a", "b"]);
  });

  it("orders equal names by namespace and leaves its input alone", () => {
    const input = [row("a", { namespace: "y" }), row("a", { namespace: "x" })];
    expect(sortDeployments(input).map((r) => r.namespace)).toEqual(["x", "y"]);
    expect(input[0].namespace).toBe("y");
  });
});

describe("row actions", () => {
  it("offers upgrade for managed rows and tune for live ones only", () => {
    expect(isManaged(row("a"))).toBe(true);
    expect(isManaged(row("a", { untracked: true }))).toBe(false);
    expect(isLive(row("a", { status: "deployed" }))).toBe(true);
    expect(isLive(row("a", { status: "pending-install" }))).toBe(false);
    expect(isLive(row("a", { status: "deployed", untracked: true }))).toBe(false);
  });
});

const node = (name: string, gpus: number, used?: number, extra: Partial<NodeView> = {}): NodeView => nodeView({ Name: name, GPUs: gpus, gpusUsed: used, ...extra });

describe("nodes", () => {
  it("sorts by GPUs, then use, then name", () => {
    expect(sortNodes([node("c", 4, 0), node("b", 8, 2), node("a", 8, 2), node("d", 8, 6)]).map((n) => n.Name)).toEqual(["d", "a", "b", "c"]);
  });

  it("reads a node's state", () => {
    expect(nodeState(node("a", 8))).toBe("ready");
    expect(nodeState(node("a", 8, 0, { Schedulable: false }))).toBe("cordoned");
    expect(nodeState(node("a", 8, 0, { Ready: false, Schedulable: false }))).toBe("not ready");
  });

  it("labels products and vendors", () => {
    expect(productLabel("NVIDIA-H100", "nvidia.com/gpu")).toBe("NVIDIA-H100");
    expect(productLabel("", "nvidia.com/gpu")).toBe("nvidia.com/gpu (unlabelled)");
    expect(productLabel("", "")).toBe("unlabelled");
    expect(vendorOf("huawei.com/Ascend910")).toBe("Ascend");
    expect(vendorOf("example.com/tpu")).toBe("example.com");
  });
});
