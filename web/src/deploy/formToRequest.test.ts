import { describe, expect, it } from "vitest";
import { plan } from "../test/plans";
import { EMPTY_FORM, formFromPlan, overridesFromPairs, toPlanRequest, tuneRequest, type DeployForm } from "./formToRequest";

const deploy = { kind: "deploy" as const, model: "qwen3-8b" };
const form = (overrides: Partial<DeployForm>): DeployForm => ({ ...EMPTY_FORM, ...overrides });

describe("toPlanRequest for a new release", () => {
  it("sends only the model when nothing is filled in", () => {
    expect(toPlanRequest(EMPTY_FORM, deploy)).toEqual({ model: "qwen3-8b" });
    expect(toPlanRequest(form({ serviceId: "  ", namespace: " ", replicas: " ", route: "", editsYAML: "\n" }), deploy)).toEqual({ model: "qwen3-8b" });
  });

  it("maps every field", () => {
    const filled = form({
      serviceId: " chat ",
      namespace: "models",
      localPath: "/data/qwen",
      autoscale: false,
      replicas: "2",
      publishRoute: true,
      route: "/chat",
      gpuProducts: ["NVIDIA-H100-80GB-HBM3"],
      schedulingYAML: "priorityClassName: high\n",
      editsYAML: "extraArgs: [--tp, '2']\n",
    });
    expect(toPlanRequest(filled, { ...deploy, version: "1.0.1", variant: "sglang-tp1-h100", catalog: "lab" })).toEqual({
      model: "qwen3-8b",
      catalog: "lab",
      version: "1.0.1",
      variant: "sglang-tp1-h100",
      serviceId: "chat",
      namespace: "models",
      localPath: "/data/qwen",
      gpuProducts: ["NVIDIA-H100-80GB-HBM3"],
      overrides: { scaler: { enabled: false }, replicaCount: 2, modelRoute: { enabled: true, nginx: { route: "chat" } } },
      overridesYAML: "priorityClassName: high\n",
      editsYAML: "extraArgs: [--tp, '2']\n",
    });
  });

  it("forces GPU products only when some are chosen and forcing was asked for", () => {
    expect(toPlanRequest(form({ gpuProducts: ["NVIDIA-L40S"], forceGpuProducts: true }), deploy)).toMatchObject({ gpuProducts: ["NVIDIA-L40S"], forceGpuProducts: true });
    expect(toPlanRequest(form({ gpuProducts: ["NVIDIA-L40S"] }), deploy).forceGpuProducts).toBeUndefined();
    expect(toPlanRequest(form({ forceGpuProducts: true }), deploy)).toEqual({ model: "qwen3-8b" });
  });

  it("passes YAML boxes to the server as typed text", () => {
    const yaml = "tolerations:\n  - key: gpu\n    operator: Exists\n";
    const request = toPlanRequest(form({ schedulingYAML: yaml, editsYAML: "bad: [yaml" }), deploy);
    expect(request.overridesYAML).toBe(yaml);
    expect(request.editsYAML).toBe("bad: [yaml");
  });

  it("drops the replica count when the scaler owns it, and a count that is not a number", () => {
    expect(toPlanRequest(form({ autoscale: true, replicas: "3" }), deploy).overrides).toEqual({ scaler: { enabled: true } });
    expect(toPlanRequest(form({ replicas: "two" }), deploy).overrides).toBeUndefined();
    expect(toPlanRequest(form({ replicas: "0" }), deploy).overrides).toEqual({ replicaCount: 0 });
  });

  it("publishes a route when one is typed, and turns routing off only when asked", () => {
    expect(toPlanRequest(form({ route: "qwen" }), deploy).overrides).toEqual({ modelRoute: { enabled: true, nginx: { route: "qwen" } } });
    expect(toPlanRequest(form({ publishRoute: false }), deploy).overrides).toEqual({ modelRoute: { enabled: false } });
    expect(toPlanRequest(form({ publishRoute: true }), deploy).overrides).toEqual({ modelRoute: { enabled: true } });
  });
});

describe("toPlanRequest for an upgrade", () => {
  const upgrade = { kind: "upgrade" as const, release: "qwen3-8b", namespace: "models", serviceId: "qwen3-8b" };

  it("keeps the deployed identity whatever the locked fields hold", () => {
    const request = toPlanRequest(form({ serviceId: "renamed", namespace: "elsewhere" }), upgrade);
    expect(request).toEqual({ fromRelease: "qwen3-8b", namespace: "models", serviceId: "qwen3-8b", overrides: {} });
    expect(request).not.toHaveProperty("release");
    expect(request).not.toHaveProperty("model");
  });

  it("carries the catalog target and leaves scheduling YAML to the plan editor", () => {
    const request = toPlanRequest(form({ schedulingYAML: "priorityClassName: x\n", editsYAML: "a: 1\n" }), { ...upgrade, version: "1.0.2", variant: "vllm-tp1" });
    expect(request).toMatchObject({ version: "1.0.2", variant: "vllm-tp1", editsYAML: "a: 1\n" });
    expect(request).not.toHaveProperty("overridesYAML");
  });
});

describe("formFromPlan", () => {
  const deployed = plan({
    release: { name: "chat", namespace: "models" },
    layers: {
      catalog: { scaler: { enabled: false }, replicaCount: 1 },
      form: {
        serviceId: "chat",
        model: { localPath: "/data/qwen" },
        scaler: { enabled: false },
        replicaCount: 3,
        modelRoute: { enabled: true, nginx: { route: "chat" } },
        tolerations: [{ key: "gpu", operator: "Exists" }],
        priorityClassName: "high",
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: "nvidia.com/gpu.product", operator: "In", values: ["NVIDIA-H800", "NVIDIA-H100-80GB-HBM3"] }] }],
            },
          },
        },
      },
      edit: { extraArgs: ["--tp", "2"] },
    },
  });

  it("reads the form layer, not the composed values", () => {
    expect(formFromPlan(deployed)).toEqual({
      serviceId: "chat",
      namespace: "models",
      localPath: "/data/qwen",
      autoscale: false,
      replicas: "3",
      publishRoute: true,
      route: "chat",
      gpuProducts: ["NVIDIA-H800", "NVIDIA-H100-80GB-HBM3"],
      forceGpuProducts: false,
      schedulingYAML: "tolerations:\n  - key: gpu\n    operator: Exists\npriorityClassName: high\n",
      editsYAML: 'extraArgs:\n  - "--tp"\n  - "2"\n',
    });
  });

  it("leaves what the form layer does not set untouched, so the variant's values stand", () => {
    const seeded = formFromPlan(plan({ layers: { catalog: { scaler: { enabled: true } }, form: {} } }));
    expect(seeded).toEqual({ ...EMPTY_FORM, serviceId: "qwen3-8b", namespace: "models" });
  });

  it("round-trips: the upgrade request sends back what the form layer held", () => {
    const request = toPlanRequest(formFromPlan(deployed), { kind: "upgrade", release: "chat", namespace: "models", serviceId: "chat" });
    const form = deployed.layers!.form;
    expect(request).toEqual({
      fromRelease: "chat",
      namespace: "models",
      serviceId: form.serviceId,
      localPath: "/data/qwen",
      gpuProducts: ["NVIDIA-H800", "NVIDIA-H100-80GB-HBM3"],
      editsYAML: 'extraArgs:\n  - "--tp"\n  - "2"\n',
      overrides: { scaler: form.scaler, replicaCount: form.replicaCount, modelRoute: form.modelRoute },
    });
  });
});

describe("tuning", () => {
  it("turns dotted rows into one values tree with typed values", () => {
    expect(
      overridesFromPairs([
        { path: "modelRoute.nginx.values.adaptive_cc", value: "true" },
        { path: "modelRoute.nginx.values.max_cc", value: "64" },
        { path: "modelRoute.nginx.values.mode", value: "aimd" },
        { path: "", value: "ignored" },
        { path: "empty.value", value: " " },
      ]),
    ).toEqual({ modelRoute: { nginx: { values: { adaptive_cc: true, max_cc: 64, mode: "aimd" } } } });
  });

  it("recomposes the live plan with reuseSource", () => {
    expect(tuneRequest("chat", "models", [{ path: "a.b", value: "null" }], "")).toEqual({
      fromRelease: "chat",
      namespace: "models",
      reuseSource: true,
      overrides: { a: { b: null } },
    });
    expect(tuneRequest("chat", "models", [], "x: 1\n")).toEqual({ fromRelease: "chat", namespace: "models", reuseSource: true, editsYAML: "x: 1\n" });
  });
});
