// Plans as the server answers them, for the deploy logic's tests.
import type { Plan } from "../api/plans";

export function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    apiVersion: "plan.swiss/v1",
    release: { name: "qwen3-8b", namespace: "models" },
    source: { model: "qwen3-8b", version: "1.0.0", variant: "sglang-tp1-h100", digest: "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" },
    chart: { name: "sglang", version: "0.8.0" },
    engine: "sglang",
    profile: "lab",
    hash: "sha256:aaaa",
    layers: {
      catalog: { extraArgs: ["--tp", "1"], model: { gpus: 1, mountPath: "/models" }, scaler: { enabled: false } },
      site: { model: { localPath: "/mnt/models/qwen3-8b" }, resources: { limits: { "nvidia.com/gpu": 1 } } },
      form: { serviceId: "qwen3-8b", scaler: { enabled: true }, model: { localPath: "/data/qwen" } },
      edit: { extraArgs: ["--tp", "2"] },
    },
    ...overrides,
  };
}
