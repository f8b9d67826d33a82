import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Catalog from "./Catalog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const variant = (id: string, engine: string, gpuProduct?: string[]) => ({ id, engine, chart: { name: engine, version: "1" }, requires: { gpus: 1, gpuProduct } });
const index = {
  name: "default",
  source: "https://lab/index.json",
  ref: "sha256:1",
  index: {
    models: [
      { name: "qwen3-8b", latest: "1.0.0", description: "chat", versions: [{ version: "1.0.0", variants: [variant("tp1", "sglang")] }] },
      { name: "glm-5", latest: "1.0.0", versions: [{ version: "1.0.0", variants: [variant("h100", "vllm", ["NVIDIA-H100-80GB-HBM3"])] }] },
    ],
  },
};

function renderAt(path: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => new Response(JSON.stringify(input.startsWith("/api/cluster") ? { name: "demo", version: "1", allowDeploy: true } : index))),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Catalog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const shownModels = () => screen.queryAllByRole("article").map((article) => article.querySelector("h2")?.textContent);

describe("Catalog", () => {
  it("narrows the models by engine and hardware from the address, and says how many are shown", async () => {
    renderAt("/catalog?engine=vllm");
    expect(await screen.findByText("1 of 2 models")).toBeTruthy();
    expect(shownModels()).toEqual(["glm-5"]);
    cleanup();

    renderAt("/catalog?hardware=NVIDIA-H100-80GB-HBM3");
    await screen.findByText("2 of 2 models");
    expect(shownModels()).toEqual(["qwen3-8b", "glm-5"]);
  });

  it("searches as the user types, and says when nothing matches", async () => {
    renderAt("/catalog");
    fireEvent.change(await screen.findByRole("searchbox", { name: /Search models/ }), { target: { value: "chat" } });
    expect(shownModels()).toEqual(["qwen3-8b"]);
    fireEvent.change(screen.getByRole("searchbox", { name: /Search models/ }), { target: { value: "nothing" } });
    expect(screen.getByText("No model matches the filters.")).toBeTruthy();
  });
});
