import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { plan } from "../../test/plans";
import { WhatMoves } from "./WhatMoves";

afterEach(cleanup);

describe("<WhatMoves>", () => {
  it("on a rollback, lists every layer that comes back with its values, not only the catalog move", () => {
    const live = plan({ hash: "sha256:live", layers: { catalog: { image: { tag: "v0.5.20" } }, form: { replicaCount: 2 } } });
    const archived = plan({ hash: "sha256:old", source: { ...live.source, version: "0.9.0" }, layers: { catalog: { image: { tag: "v0.5.19" } }, form: { replicaCount: 1 } } });
    render(<WhatMoves current={live} proposed={archived} rollback />);
    expect(screen.getByRole("heading", { name: "What comes back" })).toBeTruthy();
    expect(within(screen.getByRole("listitem", { name: "form layer" })).getByText("replicaCount 2 → 1")).toBeTruthy();
    expect(within(screen.getByRole("listitem", { name: "catalog layer" })).getByText("image.tag v0.5.20 → v0.5.19")).toBeTruthy();
    expect(screen.getByText("1.0.0 → 0.9.0")).toBeTruthy();
  });

  it("says no layer moved for the same plan", () => {
    render(<WhatMoves current={plan()} proposed={plan()} />);
    expect(screen.getByRole("heading", { name: "What moves" })).toBeTruthy();
    expect(screen.getByText("No layer's values differ.")).toBeTruthy();
  });
});
