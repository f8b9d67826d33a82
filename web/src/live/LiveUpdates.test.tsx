import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EventSourceLike } from "./events";
import { LiveIndicator, LiveUpdates, usePollInterval } from "./LiveUpdates";

afterEach(cleanup);

class Source implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  listeners = new Map<string, (event: MessageEvent) => void>();
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data = "") {
    act(() => this.listeners.get(type)?.(new MessageEvent(type, { data })));
  }
}

function Probe({ fetcher }: { fetcher: () => Promise<number> }) {
  const interval = usePollInterval();
  const query = useQuery({ queryKey: ["nodes"], queryFn: fetcher, refetchInterval: interval });
  return (
    <p>
      interval {String(interval)} data {query.data ?? "none"}
    </p>
  );
}

describe("LiveUpdates", () => {
  it("polls until the stream says hello, then refetches on its events instead", async () => {
    const sources: Source[] = [];
    const open = vi.fn(() => {
      const source = new Source();
      sources.push(source);
      return source;
    });
    let calls = 0;
    const fetcher = vi.fn(async () => ++calls);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LiveUpdates open={open}>
          <LiveIndicator />
          <Probe fetcher={fetcher} />
        </LiveUpdates>
      </QueryClientProvider>,
    );
    expect(screen.getByText("polling")).toBeTruthy();
    expect(screen.getByText(/interval 5000/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/data 1/)).toBeTruthy());

    sources[0].emit("hello");
    expect(screen.getByText("live")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Updates: live" })).toBeTruthy();
    expect(screen.getByText(/interval false/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/data 2/)).toBeTruthy()); // hello refetches what may have been missed

    sources[0].emit("nodes");
    await waitFor(() => expect(screen.getByText(/data 3/)).toBeTruthy());
    sources[0].emit("deployments");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetcher).toHaveBeenCalledTimes(3);

    act(() => {
      sources[0].readyState = 0;
      sources[0].onerror?.(new Event("error"));
    });
    expect(screen.getByText("polling")).toBeTruthy();
    expect(screen.getByText(/interval 5000/)).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
