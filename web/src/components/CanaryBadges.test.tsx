import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CanaryRelationship } from "../api/deployments";
import { CanaryBadges, canaryName } from "./CanaryBadges";

const parent = { apiVersion: "canary.modelsphere.dev/v1alpha1", kind: "LLMCanary", namespace: "models", name: "exp-1", uid: "u-1", verified: true };

function badges(relationship: CanaryRelationship) {
  const { container } = render(<CanaryBadges relationship={relationship} namespace="models" />);
  return container.textContent ?? "";
}

afterEach(cleanup);

describe("CanaryBadges", () => {
  it("shows nothing for a standalone service", () => {
    expect(badges({ canaryState: "standalone" })).toBe("");
  });

  it("names the owning canary and says it is verified", () => {
    badges({ canaryState: "owned", managedBy: { ...parent, arm: "candidate" } });
    expect(screen.getByText("owned by exp-1 (candidate)")).toBeTruthy();
    expect(screen.getByText("verified")).toBeTruthy();
    expect(screen.queryByText(/unverified/)).toBeNull();
  });

  it("names a referenced service's canary with its namespace when it lives elsewhere, unverified with the reason", () => {
    badges({ canaryState: "referenced", assignedTo: { namespace: "experiments", name: "exp-2", verified: false, reason: "arm is not a DNS-1123 name" } });
    expect(screen.getByText("referenced by experiments/exp-2")).toBeTruthy();
    const unverified = screen.getByText(/unverified/);
    expect(unverified.getAttribute("title")).toBe("arm is not a DNS-1123 name");
    expect(unverified.textContent).toContain("arm is not a DNS-1123 name");
  });

  it("shows both the owner and the assignment of an owned service that is also assigned", () => {
    const text = badges({ canaryState: "owned", managedBy: { ...parent, verified: false, reason: "no controller ownerReference" }, assignedTo: { name: "exp-3", verified: true } });
    expect(text).toContain("owned by exp-1");
    expect(text).toContain("referenced by exp-3");
    expect(screen.getByText("verified")).toBeTruthy();
    expect(screen.getByText(/^unverified/).getAttribute("title")).toBe("no controller ownerReference");
  });

  it("keeps an owned state whose parent has no name", () => {
    expect(badges({ canaryState: "owned", managedBy: { ...parent, name: undefined, verified: false } })).toContain("owned by an unnamed canary");
  });
});

describe("canaryName", () => {
  it("leaves out the namespace the service shares", () => {
    expect(canaryName({ namespace: "models", name: "exp" }, "models")).toBe("exp");
    expect(canaryName({ namespace: "other", name: "exp" }, "models")).toBe("other/exp");
  });
});
