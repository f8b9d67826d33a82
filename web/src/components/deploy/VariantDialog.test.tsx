import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VariantDialog } from "./VariantDialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const h100 = { Name: "gpu-h100-a", GPUProduct: "NVIDIA-H100-80GB-HBM3", GPUResource: "nvidia.com/gpu", GPUs: 8, Schedulable: true, Ready: true };

describe("<VariantDialog>", () => {
  it("says whether each variant fits the cluster before one is picked", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ cluster: "demo", nodes: [h100], summary: { nodes: 1, gpus: 8, gpusUsed: 0, gpusCapacity: 8 } }))));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <VariantDialog
            model="qwen3-8b"
            title="Qwen3 8B"
            variants={[
              { id: "h100", engine: "vllm", chart: { name: "vllm", version: "1" }, requires: { gpus: 2, gpuProduct: ["NVIDIA-H100-80GB-HBM3"] } },
              { id: "b300", engine: "vllm", chart: { name: "vllm", version: "1" }, requires: { gpus: 2, gpuProduct: ["NVIDIA-B300-SXM6-AC"] } },
            ]}
            onClose={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(await screen.findByText("fits: 1 matching node")).toBeTruthy();
    expect(screen.getByText("does not fit: needs 1, 0 matching")).toBeTruthy();
  });
});
