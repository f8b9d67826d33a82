import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { plan } from "../test/plans";
import { Provenance } from "./Provenance";

afterEach(cleanup);

describe("<Provenance>", () => {
  it("shows each value with the layer that set it and what it shadowed", () => {
    render(<Provenance plan={plan()} />);
    const localPath = screen.getByRole("row", { name: /model\.localPath/ });
    expect(within(localPath).getByText('"/data/qwen"')).toBeTruthy();
    expect(within(localPath).getByText("form")).toBeTruthy();
    expect(within(localPath).getByText('"/mnt/models/qwen3-8b"')).toBeTruthy();
    expect(within(localPath).getByText("site")).toBeTruthy();
    const gpus = screen.getByRole("row", { name: /model\.gpus/ });
    expect(within(gpus).getByText("catalog")).toBeTruthy();
    expect(within(gpus).getByText("—")).toBeTruthy();
  });

  it("lists the layers in merge order with their value counts", () => {
    render(<Provenance plan={plan()} />);
    const legend = screen.getByRole("list", { name: /merge order/ });
    const items = within(legend).getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^catalog.*2 values$/),
      expect.stringMatching(/^site.*1 value$/),
      expect.stringMatching(/^form.*3 values$/),
      expect.stringMatching(/^edit.*1 value$/),
    ]);
  });

  it("filters by path and by layer", () => {
    render(<Provenance plan={plan()} />);
    fireEvent.change(screen.getByLabelText("Filter values"), { target: { value: "model." } });
    expect(screen.getAllByRole("row")).toHaveLength(1 + 3);
    fireEvent.change(screen.getByLabelText("Set by"), { target: { value: "catalog" } });
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["model.gpus", "model.mountPath"]);
  });

  it("says so when the plan carries no values", () => {
    render(<Provenance plan={plan({ layers: undefined })} />);
    expect(screen.getByText("This plan carries no values.")).toBeTruthy();
  });
});
