import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Revision } from "../../api/releases";
import { RevisionsTable } from "./RevisionsCard";

afterEach(cleanup);

const digest = "sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b";

describe("<RevisionsTable>", () => {
  it("shows the chart digest a revision installed, short, and leaves the cell empty where none was recorded", () => {
    const revisions: Revision[] = [
      { revision: 3, chart: "sglang-0.8.0", planHash: "sha256:a", chartDigest: digest, current: true },
      { revision: 2, chart: "sglang-0.8.0", planHash: "sha256:b" },
    ];
    render(
      <MemoryRouter>
        <RevisionsTable namespace="models" release="chat" revisions={revisions} canWrite={false} />
      </MemoryRouter>,
    );
    const column = screen.getAllByRole("columnheader").findIndex((th) => th.textContent === "Chart digest");
    expect(column).toBeGreaterThan(-1);
    const [, newest, older] = screen.getAllByRole("row");
    const newestDigest = within(newest).getAllByRole("cell")[column];
    expect(within(newestDigest).getByText("sha256:1a2b3c4d5e6f")).toBeTruthy();
    expect(within(newestDigest).getByTitle(digest)).toBeTruthy();
    expect(within(older).getAllByRole("cell")[column].textContent).toBe("");
  });
});
