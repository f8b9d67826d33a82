import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "./Button";

afterEach(cleanup);

describe("Button", () => {
  it("looks the same disabled whatever its variant", () => {
    render(
      <>
        <Button disabled>Apply</Button>
        <Button variant="danger" disabled>
          Uninstall
        </Button>
        <Button variant="secondary">Diff</Button>
      </>,
    );
    const apply = screen.getByRole("button", { name: "Apply" });
    const uninstall = screen.getByRole("button", { name: "Uninstall" });
    expect(apply.className).toBe(uninstall.className);
    expect(apply.className).not.toContain("bg-indigo-700");
    expect(uninstall.className).not.toContain("bg-red-700");
    expect(screen.getByRole("button", { name: "Diff" }).className).not.toBe(apply.className);
  });

  it("explains why it is disabled in text a screen reader reads, and on hover", () => {
    render(
      <Button disabled disabledReason="Plan first">
        Diff
      </Button>,
    );
    const diff = screen.getByRole("button", { name: "Diff" });
    const reason = document.getElementById(diff.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("Plan first");
    expect(diff.getAttribute("title")).toBe("Plan first");
  });

  it("drops the explanation once enabled", () => {
    render(<Button disabledReason="Plan first">Diff</Button>);
    const diff = screen.getByRole("button", { name: "Diff" });
    expect(diff.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText("Plan first")).toBeNull();
  });
});
