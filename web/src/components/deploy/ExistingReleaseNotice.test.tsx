import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ExistingRelease } from "../../deploy/existingRelease";
import { ExistingReleaseNotice } from "./ExistingReleaseNotice";

afterEach(cleanup);

const show = (existing?: ExistingRelease) =>
  render(
    <MemoryRouter>
      <ExistingReleaseNotice existing={existing} />
    </MemoryRouter>,
  );

describe("<ExistingReleaseNotice>", () => {
  it("names the release's namespace and revision and links to its Upgrade page", () => {
    show({ namespace: "models", release: "chat", revision: 4, model: "qwen3-8b", untracked: false });
    const notice = screen.getByRole("status", { name: "Existing release" });
    expect(notice.textContent).toContain("models/chat already exists at revision 4, serving qwen3-8b");
    expect(screen.getByRole("link", { name: "Upgrade models/chat instead" }).getAttribute("href")).toBe("/upgrade/models/chat");
    expect(screen.getByRole("link", { name: "models/chat" }).getAttribute("href")).toBe("/deployments/models/chat");
  });

  it("says how to adopt a release swiss did not deploy instead of offering its Upgrade page", () => {
    show({ namespace: "models", release: "by-hand", revision: 1, untracked: true });
    const notice = screen.getByRole("status", { name: "Existing release" });
    expect(notice.textContent).toContain("models/by-hand is a helm release swiss did not deploy");
    expect(notice.textContent).toContain("Adopt writes the plan beside it and changes nothing in it");
    expect(screen.queryByRole("link", { name: /Upgrade/ })).toBeNull();
  });

  it("says nothing when the name is free", () => {
    show(undefined);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
