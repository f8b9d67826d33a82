import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogIndexReply } from "../api/catalog";
import { ErrorBoundary } from "./ErrorBoundary";

beforeEach(() => {
  // React reports a caught render error on the console; the boundary logs it too. Keep the output clean.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A page reading an answer that lacks a member the document promised. */
function ModelCount({ answer }: { answer: CatalogIndexReply }) {
  return <p>{answer.index.models.length} models</p>;
}

const broken = JSON.parse('{"name": "lab", "ref": "sha256:1", "source": "file:///catalog"}') as CatalogIndexReply;

describe("<ErrorBoundary>", () => {
  it("shows what failed and the ways out instead of a blank page, and leaves the rest of the app alone", () => {
    render(
      <>
        <nav aria-label="Main">Deployments</nav>
        <ErrorBoundary>
          <ModelCount answer={broken} />
        </ErrorBoundary>
      </>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("This page could not be shown");
    expect(alert.textContent).toMatch(/models/);
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to deployments" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("navigation", { name: "Main" }).textContent).toBe("Deployments");
  });

  it("renders the page again on Try again", () => {
    let answer = broken;
    function Page() {
      return <ModelCount answer={answer} />;
    }
    render(
      <ErrorBoundary>
        <Page />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toBeTruthy();
    answer = { ...broken, index: { apiVersion: "catalog.swiss/v1", models: [] } };
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("0 models")).toBeTruthy();
  });
});
