// Approval requests as the server answers them, for the approvals' tests.
import type { Approval } from "../api/approvals";

export function approval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: 1,
    action: "apply",
    namespace: "models",
    release: "qwen3-8b",
    planHash: "sha256:p1",
    revision: 7,
    state: "pending",
    requestedBy: "alice",
    requestedAt: "2026-12-03T00:00:00Z",
    expiresAt: "2026-12-04T00:00:00Z",
    ...overrides,
  };
}
