import { describe, expect, it } from "vitest";
import type { StatusReport } from "../api/releases";
import { deployTarget, existingRelease } from "./existingRelease";

const status = (overrides: Partial<StatusReport>): StatusReport => ({
  release: "chat",
  namespace: "models",
  exists: true,
  revision: 3,
  pods: [],
  ready: 0,
  total: 0,
  authPrefix: "",
  canaryState: "standalone",
  ...overrides,
});

describe("deployTarget", () => {
  it("names the release in the form's namespace, or the site's when the form leaves it empty", () => {
    expect(deployTarget(" chat ", "", "models")).toEqual({ namespace: "models", release: "chat" });
    expect(deployTarget("chat", "lab", "models")).toEqual({ namespace: "lab", release: "chat" });
  });

  it("names the release the server makes of a Service ID no release can be called", () => {
    expect(deployTarget("granite-3.3-8b", "", "models")).toEqual({ namespace: "models", release: "granite-3-3-8b" });
    expect(deployTarget("Chat_1", "", "models")?.release).toBe("chat-1");
    expect(deployTarget("-chat-", "", "models")?.release).toBe("chat");
    expect(deployTarget("a".repeat(54), "", "models")?.release).toBe("a".repeat(53));
  });

  it.each(["", "  ", "...", "-"])("names nothing for %j, of which no release can be made", (serviceId) => {
    expect(deployTarget(serviceId, "", "models")).toBeUndefined();
  });

  it("names nothing without a valid namespace", () => {
    expect(deployTarget("chat", "", "")).toBeUndefined();
    expect(deployTarget("chat", "Lab", "models")).toBeUndefined();
  });
});

describe("existingRelease", () => {
  it("gives the namespace, revision and model of a release that exists", () => {
    expect(existingRelease(status({ model: "qwen3-8b", backend: "helm" }))).toEqual({ namespace: "models", release: "chat", revision: 3, model: "qwen3-8b", untracked: false });
  });

  it("says when the release is one swiss does not keep, which a deploy can adopt", () => {
    expect(existingRelease(status({}))?.untracked).toBe(true);
    expect(existingRelease(status({ backend: "llmsvc" }))?.untracked).toBe(false);
  });

  it("gives nothing for a name no release has, or before the status is read", () => {
    expect(existingRelease(status({ exists: false, revision: 0 }))).toBeUndefined();
    expect(existingRelease(undefined)).toBeUndefined();
  });
});
