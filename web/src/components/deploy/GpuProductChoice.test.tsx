import type { UseQueryResult } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { GpuProducts } from "../../api/catalog";
import { GpuProductChoice } from "./GpuProductChoice";

afterEach(cleanup);

const answer: GpuProducts = {
  variant: "sglang-tp1",
  vendor: "nvidia",
  resource: "nvidia.com/gpu",
  label: "nvidia.com/gpu.product",
  catalog: ["NVIDIA-H100-80GB-HBM3"],
  products: [
    { product: "NVIDIA-H100-80GB-HBM3", catalogSupported: true, onCluster: true, nodes: 2, gpus: 16 },
    { product: "NVIDIA-L40S", catalogSupported: false, onCluster: true, nodes: 1, gpus: 4 },
  ],
};

function Harness() {
  const [chosen, setChosen] = useState<string[]>([]);
  const [force, setForce] = useState(false);
  const products = { data: answer, isPending: false, isError: false } as UseQueryResult<GpuProducts>;
  return (
    <>
      <GpuProductChoice products={products} chosen={chosen} onChange={setChosen} force={force} onForceChange={setForce} />
      <output data-testid="chosen">{chosen.join(",")}</output>
    </>
  );
}

describe("GpuProductChoice", () => {
  it("lets an unlisted product be chosen only once forcing is allowed, and drops it when forcing is taken back", () => {
    render(<Harness />);
    const unlisted = screen.getByRole("checkbox", { name: /NVIDIA-L40S/ });
    expect((unlisted as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("checkbox", { name: /Allow products the catalog does not list/ }));
    expect((unlisted as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(unlisted);
    fireEvent.click(screen.getByRole("checkbox", { name: /NVIDIA-H100/ }));
    expect(screen.getByTestId("chosen").textContent).toBe("NVIDIA-L40S,NVIDIA-H100-80GB-HBM3");

    fireEvent.click(screen.getByRole("checkbox", { name: /Allow products the catalog does not list/ }));
    expect(screen.getByTestId("chosen").textContent).toBe("NVIDIA-H100-80GB-HBM3");
    expect((unlisted as HTMLInputElement).disabled).toBe(true);
  });
});
