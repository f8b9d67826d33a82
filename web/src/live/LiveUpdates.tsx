import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { Badge } from "../components/ui/Badge";
import { applyEvent, FALLBACK_POLL_MS, openLiveStream, pollInterval, type EventSourceFactory, type LiveState } from "./events";

const LiveContext = createContext<LiveState>("polling");

const browserEventSource: EventSourceFactory | null =
  typeof EventSource === "undefined" ? null : (url) => new EventSource(url, { withCredentials: true });

/** Opens the tab's one event stream and turns its events into query invalidations. */
export function LiveUpdates({ children, open = browserEventSource }: { children: ReactNode; open?: EventSourceFactory | null }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("polling");
  useEffect(() => {
    if (open === null) {
      return undefined;
    }
    return openLiveStream({ open, onState: setState, onEvent: (type, data) => applyEvent(queryClient, type, data) });
  }, [open, queryClient]);
  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}

export function useLiveState(): LiveState {
  return useContext(LiveContext);
}

/** A query's refetchInterval: none while events arrive, a short poll while they do not. */
export function usePollInterval(): number | false {
  return pollInterval(useLiveState());
}

export function LiveIndicator() {
  const state = useLiveState();
  return (
    <span data-testid="live-indicator" aria-label={`Updates: ${state}`} role="status">
      {state === "live" ? (
        <Badge tone="success" title="Changes arrive as they happen">live</Badge>
      ) : (
        <Badge tone="muted" title={`No event stream: refreshing every ${FALLBACK_POLL_MS / 1000} s`}>polling</Badge>
      )}
    </span>
  );
}
