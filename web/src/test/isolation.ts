// The test files share one module graph and one DOM per worker (isolate: false in
// vite.config.ts): setting them up for every file was most of the web tests' time. What a file
// may change that the next one would see is put back after it: rendered trees, stubbed globals,
// spies, fake timers, the URL and storage.
import { afterAll, vi } from "vitest";

afterAll(async () => {
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
    window.history.replaceState(null, "", "/");
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
