import { describe, expect, it } from "vitest";
import type { IndexModel, IndexVariant } from "../api/catalog";
import { catalogChoices, modelMatches, type CatalogFilter } from "./catalogFilter";

const variant = (id: string, engine: string, requires: IndexVariant["requires"]): IndexVariant => ({ id, engine, chart: { name: engine, version: "1" }, requires });
const model = (name: string, variants: IndexVariant[], more: Partial<IndexModel> = {}): IndexModel => ({ name, latest: "2.0.0", versions: [{ version: "1.0.0", variants: [] }, { version: "2.0.0", variants }], ...more });

const qwen = model("qwen3-8b", [variant("tp1", "sglang", { gpus: 1 }), variant("h100", "vllm", { gpus: 2, gpuProduct: ["NVIDIA-H100-80GB-HBM3"] })], { description: "A chat model", tags: ["chat"] });
const ascend = model("glm-ascend", [variant("npu", "mindie", { gpus: 8, vendor: "ascend", gpuProduct: ["module-910b-8"] })]);
const b300 = model("big", [variant("b300", "sglang", { gpus: 8, gpuProduct: ["NVIDIA-B300-SXM6-AC"] })]);
const catalog = [qwen, ascend, b300];
const { productVendors } = catalogChoices(catalog);
const none: CatalogFilter = { search: "", engine: "", hardware: "" };
const names = (filter: CatalogFilter) => catalog.filter((m) => modelMatches(m, filter, productVendors)).map((m) => m.name);

describe("modelMatches", () => {
  it("searches the name, description and tags, every word", () => {
    expect(names({ ...none, search: "CHAT qwen" })).toEqual(["qwen3-8b"]);
    expect(names({ ...none, search: "chat glm" })).toEqual([]);
  });

  it("keeps models with a variant of the engine, in the latest version", () => {
    expect(names({ ...none, engine: "sglang" })).toEqual(["qwen3-8b", "big"]);
    expect(names({ ...none, engine: "mindie" })).toEqual(["glm-ascend"]);
  });

  it("keeps models that run on the hardware: the vendor, a product named, or any product of the vendor", () => {
    expect(names({ ...none, hardware: "Ascend" })).toEqual(["glm-ascend"]);
    expect(names({ ...none, hardware: "NVIDIA" })).toEqual(["qwen3-8b", "big"]);
    expect(names({ ...none, hardware: "NVIDIA-B300-SXM6-AC" })).toEqual(["qwen3-8b", "big"]);
    expect(names({ ...none, hardware: "NVIDIA-H100-80GB-HBM3" })).toEqual(["qwen3-8b"]);
  });
});

describe("catalogChoices", () => {
  it("lists the engines, the vendors and the products with their vendor", () => {
    const choices = catalogChoices(catalog);
    expect(choices.engines).toEqual(["mindie", "sglang", "vllm"]);
    expect(choices.vendors).toEqual(["Ascend", "NVIDIA"]);
    expect([...choices.productVendors]).toEqual([
      ["module-910b-8", "Ascend"],
      ["NVIDIA-B300-SXM6-AC", "NVIDIA"],
      ["NVIDIA-H100-80GB-HBM3", "NVIDIA"],
    ]);
  });
});
