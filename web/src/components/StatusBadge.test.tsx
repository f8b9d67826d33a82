import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { releaseStatusView, StatusBadge } from "./StatusBadge";

afterEach(cleanup);

describe("releaseStatusView", () => {
  it.each(["pending-install", "pending-upgrade", "pending-rollback"])("reads %s as rolling out, never failed", (status) => {
    expect(releaseStatusView(status)).toMatchObject({ label: "rolling out", tone: "info" });
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

  it.each(["applying", "Applying", "Pending"])("reads a release whose phase is %s as rolling out, even when helm says deployed", (phase) => {
    expect(releaseStatusView("deployed", phase)).toMatchObject({ label: "rolling out", tone: "info" });
    expect(releaseStatusView(undefined, phase)).toMatchObject({ label: "rolling out", tone: "info" });
  });

  it("reads a deployed release whose pods are not all ready as rolling out, and says how many are", () => {
    expect(releaseStatusView("deployed", "applied", { ready: 1, total: 2 })).toMatchObject({ label: "rolling out", title: expect.stringContaining("1 of 2 pods ready") });
    expect(releaseStatusView("deployed", "applied", { ready: 2, total: 2 })).toEqual({ label: "deployed", tone: "success" });
    expect(releaseStatusView("failed", undefined, { ready: 0, total: 1 })).toMatchObject({ label: "failed" });
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
    const badge = screen.getByText("rolling out");
    expect(badge.className).toContain("text-indigo-800");
    expect(badge.getAttribute("title")).toContain("pending-upgrade");
  });

  it("renders failed in red", () => {
    render(<StatusBadge status="failed" />);
    expect(screen.getByText("failed").className).toContain("text-red-800");
  });
});
