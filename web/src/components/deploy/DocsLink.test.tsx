import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DocsLink } from "./DocsLink";

afterEach(cleanup);

describe("<DocsLink>", () => {
  it("links a catalog's web address in a new tab without a referrer", () => {
    render(<DocsLink href="https://huggingface.co/Qwen/Qwen3-8B" />);

    const link = screen.getByRole("link", { name: "Docs" });
    expect(link.getAttribute("href")).toBe("https://huggingface.co/Qwen/Qwen3-8B");
    expect(link.getAttribute("rel")).toBe("noreferrer");
  });

  it("shows a javascript: address as text and makes no link of it", () => {
    const { container } = render(<DocsLink href="javascript:alert(document.cookie)" />);

    expect(screen.queryByRole("link")).toBeNull();
    expect(container.querySelector("[href]")).toBeNull();
    expect(screen.getByText("Docs: javascript:alert(document.cookie)")).toBeTruthy();
  });

  it("shows nothing for an entry without a link", () => {
    const { container } = render(<DocsLink />);

    expect(container.textContent).toBe("");
  });
});
