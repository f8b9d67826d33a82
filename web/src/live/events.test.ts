import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "../api/queryKeys";
import { applyEvent, EVENTS_URL, FALLBACK_POLL_MS, invalidationsFor, openLiveStream, pollInterval, type EventSourceLike } from "./events";

describe("invalidationsFor", () => {
  const ref = JSON.stringify({ namespace: "models", release: "demo" });

  it("refetches the deployments list on a deployments event", () => {
    expect(invalidationsFor("deployments")).toEqual([queryKeys.deployments()]);
  });

  it("refreshes a named release's own queries with the list", () => {
    const keys = invalidationsFor("deployments", ref);
    expect(keys).toContainEqual(queryKeys.deployments());
    expect(keys).toContainEqual(queryKeys.releaseStatus("models", "demo"));
  });

  it("refreshes exactly that release's status, plan, objects and revisions on a release event", () => {
    const keys = invalidationsFor("release", ref);
    expect(keys).toEqual(
      expect.arrayContaining([
        queryKeys.releaseStatus("models", "demo"),
        queryKeys.releasePlan("models", "demo"),
        queryKeys.releaseObjects("models", "demo"),
        queryKeys.releaseRevisions("models", "demo"),
        queryKeys.deployments(),
        queryKeys.runs(),
        // A write on a protected site spent an approval.
        queryKeys.approvals(),
      ]),
    );
    expect(keys).not.toContainEqual(queryKeys.releaseStatus());
    expect(keys).not.toContainEqual(queryKeys.nodes());
  });

  it("widens a release event without a readable release to every release", () => {
    expect(invalidationsFor("release", "not json")).toContainEqual(queryKeys.releaseStatus());
    expect(invalidationsFor("release", '{"namespace":"models"}')).toContainEqual(queryKeys.releaseRevisions());
  });

  it("refetches the nodes on a nodes event", () => {
    expect(invalidationsFor("nodes")).toEqual([queryKeys.nodes()]);
  });

  it("refetches everything on reset and on hello", () => {
    expect(invalidationsFor("reset")).toBe("all");
    expect(invalidationsFor("hello")).toBe("all");
  });

  it("ignores events it does not know", () => {
    expect(invalidationsFor("something-new")).toEqual([]);
  });
});

describe("applyEvent", () => {
  function seeded() {
    const client = new QueryClient();
    const keys: readonly (readonly (string | number)[])[] = [queryKeys.deployments(1, 50), queryKeys.releaseStatus("models", "demo"), queryKeys.releaseStatus("models", "other"), queryKeys.nodes(), queryKeys.releasePlan("models", "demo")];
    keys.forEach((key) => client.setQueryData(key, {}));
    const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join("/"));
    return { client, stale };
  }

  it("invalidates only the matching queries", () => {
    const { client, stale } = seeded();
    applyEvent(client, "release", JSON.stringify({ namespace: "models", release: "demo" }));
    expect(stale()).toEqual(["deployments/1/50", "release-status/models/demo", "release-plan/models/demo"]);
  });

  it("invalidates the nodes alone on a nodes event", () => {
    const { client, stale } = seeded();
    applyEvent(client, "nodes");
    expect(stale()).toEqual(queryKeys.nodes());
  });

  it("invalidates everything on reset", () => {
    const { client, stale } = seeded();
    applyEvent(client, "reset");
    expect(stale()).toHaveLength(5);
  });
});

describe("pollInterval", () => {
  it("polls only while the stream is not live", () => {
    expect(pollInterval("live")).toBe(false);
    expect(pollInterval("polling")).toBe(FALLBACK_POLL_MS);
  });
});

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, data = "") {
    this.readyState = 1;
    this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data })));
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event("error"));
  }
}

describe("openLiveStream", () => {
  afterEach(() => vi.useRealTimers());

  function harness() {
    const sources: FakeEventSource[] = [];
    const states: string[] = [];
    const events: Array<[string, string | undefined]> = [];
    const stop = openLiveStream({
      open: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
      onState: (state) => states.push(state),
      onEvent: (type, data) => events.push([type, data]),
      retryMs: 1_000,
      maxRetryMs: 4_000,
    });
    return { sources, states, events, stop };
  }

  it("opens one stream on /api/events and goes live on hello", () => {
    const { sources, states, events } = harness();
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toBe(EVENTS_URL);
    expect(states).toEqual([]);
    sources[0].emit("hello", "{}");
    sources[0].emit("release", '{"namespace":"n","release":"r"}');
    sources[0].emit("nodes");
    expect(states).toEqual(["live"]);
    expect(events).toEqual([
      ["hello", "{}"],
      ["release", '{"namespace":"n","release":"r"}'],
      ["nodes", undefined],
    ]);
  });

  it("falls back to polling when the connection drops and leaves the reconnect to the browser", () => {
    vi.useFakeTimers();
    const { sources, states } = harness();
    sources[0].emit("hello");
    sources[0].fail(0); // CONNECTING: the browser retries with Last-Event-ID by itself
    expect(states).toEqual(["live", "polling"]);
    vi.advanceTimersByTime(10_000);
    expect(sources).toHaveLength(1);
    sources[0].emit("hello");
    expect(states).toEqual(["live", "polling", "live"]);
  });

  it("goes live again when the browser resumes the stream, which the server answers without hello", () => {
    const { sources, states } = harness();
    sources[0].emit("hello");
    sources[0].fail(0);
    sources[0].open();
    sources[0].emit("release", '{"namespace":"n","release":"r"}');
    expect(states).toEqual(["live", "polling", "live"]);
    expect(sources).toHaveLength(1);
  });

  it("reopens a stream the browser gave up on, waiting longer each time", () => {
    vi.useFakeTimers();
    const { sources, states } = harness();
    sources[0].fail(2);
    expect(states).toEqual(["polling"]);
    expect(sources[0].closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1].fail(2);
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    sources[2].emit("hello");
    expect(states.at(-1)).toBe("live");
  });

  it("closes the stream and cancels a pending reopen when stopped", () => {
    vi.useFakeTimers();
    const { sources, stop } = harness();
    sources[0].fail(2);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    const again = harness();
    again.stop();
    expect(again.sources[0].closed).toBe(true);
  });
});
