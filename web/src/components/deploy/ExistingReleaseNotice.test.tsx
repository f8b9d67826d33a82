import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { queryKeys } from "../../api/queryKeys";
import type { StatusReport } from "../../api/releases";
import { ExistingReleaseNotice } from "./ExistingReleaseNotice";

afterEach(cleanup);

const status = (exists: boolean): StatusReport => ({
  release: "chat",
  namespace: "models",
  exists,
  revision: exists ? 4 : 0,
  model: exists ? "qwen3-8b" : undefined,
  pods: [],
  ready: 0,
  total: 0,
  authPrefix: "",
  canaryState: "standalone",
});

/** The status is in the cache already, as the form's lookup would have put it there. */
function show(answer: StatusReport) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.releaseStatus("models", "chat"), answer);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ExistingReleaseNotice target={{ namespace: "models", release: "chat" }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("<ExistingReleaseNotice>", () => {
  it("names the release's namespace and revision and links to its Upgrade page", () => {
    show(status(true));
    const notice = screen.getByRole("status", { name: "Existing release" });
    expect(notice.textContent).toContain("models/chat already exists at revision 4, serving qwen3-8b");
    expect(screen.getByRole("link", { name: "Upgrade models/chat instead" }).getAttribute("href")).toBe("/upgrade/models/chat");
  });

  it("says nothing when the name is free", () => {
    show(status(false));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
