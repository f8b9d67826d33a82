import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RelativeTime } from "./RelativeTime";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-12-02T12:00:00Z"));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("RelativeTime", () => {
  it("reads how long ago, with the UTC time for the mouse and for screen readers", () => {
    render(<RelativeTime iso="2026-12-02T11:57:00Z" />);
    const time = screen.getByText("3 m ago", { exact: false });
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("dateTime")).toBe("2026-12-02T11:57:00Z");
    expect(time.getAttribute("title")).toBe("2026-12-02 11:57:00 UTC");
    expect(time.textContent).toBe("3 m ago (2026-12-02 11:57:00 UTC)");
  });

  it("moves on while the page stays open", () => {
    render(<RelativeTime iso="2026-12-02T11:57:00Z" />);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText("4 m ago", { exact: false })).toBeTruthy();
  });
});
