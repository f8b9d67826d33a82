// Live updates from GET /api/events (server-sent events). One stream per tab; each event names
// what changed, and the matching TanStack queries are invalidated so mounted pages refetch at
// once. While the stream is down (or not open yet) the pages poll instead.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { queryKeys, releaseState } from "../api/queryKeys";
import { underBase } from "../lib/basePath";

export const EVENTS_URL = underBase("/api/events");
export const EVENT_TYPES = ["hello", "deployments", "release", "nodes", "reset"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** `live`: the stream is open, nothing polls. `polling`: it is not, the visible queries poll. */
export type LiveState = "live" | "polling";

/** How often a page's queries refetch while the stream is down. */
export const FALLBACK_POLL_MS = 5_000;

export function pollInterval(state: LiveState): number | false {
  return state === "live" ? false : FALLBACK_POLL_MS;
}

/** What to invalidate: every query, or the queries under these key prefixes. */
export type Invalidation = "all" | QueryKey[];

interface ReleaseRef {
  namespace: string;
  release: string;
}

function releaseRef(data: string | undefined): ReleaseRef | null {
  if (!data) {
    return null;
  }
  try {
    const parsed = JSON.parse(data) as Partial<ReleaseRef> | null;
    if (parsed && typeof parsed.namespace === "string" && typeof parsed.release === "string" && parsed.namespace !== "" && parsed.release !== "") {
      return { namespace: parsed.namespace, release: parsed.release };
    }
  } catch {
    // A payload that does not parse names nothing; the caller widens to every release.
  }
  return null;
}

const oneRelease = ({ namespace, release }: ReleaseRef): QueryKey[] => releaseState(namespace, release);

const EVERY_RELEASE: QueryKey[] = releaseState();

/**
 * The queries one event makes stale. A release changing also changes its row in the list and
 * may have added a run to the audit log, so those are refetched with it; a list change that
 * names its release refreshes that release's own queries too. Both are cheap: only mounted
 * queries refetch, and the list is served from the server's watches.
 */
export function invalidationsFor(type: string, data?: string): Invalidation {
  switch (type) {
    case "hello":
    case "reset":
      // hello: the stream (re)opened and events may have been missed while it was down.
      return "all";
    case "nodes":
      return [queryKeys.nodes()];
    case "deployments": {
      const ref = releaseRef(data);
      return ref ? [queryKeys.deployments(), ...oneRelease(ref)] : [queryKeys.deployments()];
    }
    case "release": {
      const ref = releaseRef(data);
      // A write spends the approval it used, on a protected site: the approvals say so.
      return [queryKeys.deployments(), queryKeys.runs(), queryKeys.approvals(), ...(ref ? oneRelease(ref) : EVERY_RELEASE)];
    }
    default:
      return [];
  }
}

export function applyEvent(queryClient: QueryClient, type: string, data?: string): void {
  const invalidation = invalidationsFor(type, data);
  if (invalidation === "all") {
    void queryClient.invalidateQueries();
    return;
  }
  for (const queryKey of invalidation) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** The part of the browser's EventSource this module uses, so tests can stand in for it. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

export interface StreamOptions {
  open: EventSourceFactory;
  onState: (state: LiveState) => void;
  onEvent: (type: EventType, data: string | undefined) => void;
  /** First wait before reopening a stream the browser gave up on; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

const CLOSED = 2;

/**
 * Keeps one stream open. The browser reconnects by itself (with Last-Event-ID) after a dropped
 * connection; it gives up for good on an answer that is not an event stream (a 401, a server
 * without the route), so then the stream is reopened here, with a growing wait.
 */
export function openLiveStream({ open, onState, onEvent, retryMs = 2_000, maxRetryMs = 30_000 }: StreamOptions): () => void {
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let wait = retryMs;
  let stopped = false;

  const connect = () => {
    timer = null;
    const current = open(EVENTS_URL);
    source = current;
    for (const type of EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        if (type === "hello") {
          wait = retryMs;
          onState("live");
        }
        onEvent(type, typeof event.data === "string" && event.data !== "" ? event.data : undefined);
      });
    }
    // A browser resuming with Last-Event-ID gets the missed events replayed and no hello, so an
    // open connection is what says the stream is live again.
    current.onopen = () => {
      wait = retryMs;
      onState("live");
    };
    current.onerror = () => {
      onState("polling");
      if (current.readyState === CLOSED && !stopped) {
        current.close();
        timer = setTimeout(connect, wait);
        wait = Math.min(wait * 2, maxRetryMs);
      }
    };
  };

  connect();
  return () => {
    stopped = true;
    if (timer !== null) {
      clearTimeout(timer);
    }
    source?.close();
  };
}
