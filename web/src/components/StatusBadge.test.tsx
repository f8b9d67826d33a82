import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { releaseStatusView, StatusBadge } from "./StatusBadge";

afterEach(cleanup);

describe("releaseStatusView", () => {
  it.each(["pending-install", "pending-upgrade", "pending-rollback"])("reads %s as in flight, never failed", (status) => {
    expect(releaseStatusView(status)).toMatchObject({ label: "in flight", tone: "muted" });
  });

  it("reads failed as failed, in the danger tone", () => {
    expect(releaseStatusView("failed")).toEqual({ label: "failed", tone: "danger" });
  });

  it("reads failed as failed even while a phase says applying", () => {
    expect(releaseStatusView("failed", "applying")).toMatchObject({ label: "failed", tone: "danger" });
  });

  it("reads deployed as success", () => {
    expect(releaseStatusView("deployed", "applied")).toEqual({ label: "deployed", tone: "success" });
  });

  it.each(["applying", "Applying", "Pending"])("reads a release whose phase is %s as in flight, even when helm says deployed", (phase) => {
    expect(releaseStatusView("deployed", phase)).toMatchObject({ label: "in flight", tone: "muted" });
    expect(releaseStatusView(undefined, phase)).toMatchObject({ label: "in flight", tone: "muted" });
  });

  it("reads a failed phase without a helm status as failed", () => {
    expect(releaseStatusView(undefined, "Failed")).toMatchObject({ label: "failed", tone: "danger" });
  });

  it("says unknown, not failed, without any status", () => {
    expect(releaseStatusView(undefined)).toMatchObject({ label: "unknown", tone: "muted" });
  });

  it("shows other helm statuses as they are, neutral", () => {
    expect(releaseStatusView("superseded")).toEqual({ label: "superseded", tone: "neutral" });
  });
});

describe("StatusBadge", () => {
  it("renders the label with its tone's colours", () => {
    render(<StatusBadge status="pending-upgrade" />);
    const badge = screen.getByText("in flight");
    expect(badge.className).toContain("text-slate-700");
    expect(badge.getAttribute("title")).toContain("pending-upgrade");
  });

  it("renders failed in red", () => {
    render(<StatusBadge status="failed" />);
    expect(screen.getByText("failed").className).toContain("text-red-800");
  });
});
