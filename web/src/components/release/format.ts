import type { PodView, StartupProgress } from "../../api/releases";

/** A duration as people read it: `45s`, `12m`, `3h05m`, `2d4h`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) {
    return `${s}s`;
  }
  const minutes = Math.floor(s / 60);
  if (minutes < 60) {
    return `${minutes}m`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return `${hours}h${String(minutes % 60).padStart(2, "0")}m`;
  }
  return `${Math.floor(hours / 24)}d${hours % 24}h`;
}

/** Whole minutes, at least 1 once anything has elapsed, so a fresh pod does not read "0 of ~20 min". */
function minutes(seconds: number): number {
  return seconds <= 0 ? 0 : Math.max(1, Math.round(seconds / 60));
}

/**
 * What a not-ready pod's startup probe says, in words: a model loading its weights is not a
 * broken pod. e.g. "loading weights, 12 of ~20 min".
 */
export function startupText(startup: StartupProgress): string {
  const budget = `~${minutes(startup.budgetSeconds)} min`;
  switch (startup.state) {
    case "loading":
      return `loading weights, ${minutes(startup.elapsedSeconds)} of ${budget}`;
    case "failing":
      return `startup failing: ${minutes(startup.elapsedSeconds)} min, over its ${budget} budget`;
    case "ready":
      return "started, waiting on its readiness probe";
  }
}

/** How far along a loading pod is, 0..1, for a progress bar; null when there is no budget to measure against. */
export function startupFraction(startup: StartupProgress): number | null {
  if (startup.budgetSeconds <= 0) {
    return null;
  }
  return Math.min(1, Math.max(0, startup.elapsedSeconds / startup.budgetSeconds));
}

/** The one word for a pod's readiness column. */
export function podReadiness(pod: PodView): string {
  if (pod.ready) {
    return "ready";
  }
  return pod.startup?.state === "failing" ? "failing" : pod.startup ? "loading" : "not ready";
}

/** A timestamp as one unambiguous text, whatever the reader's zone: `2026-12-02 02:08:24 UTC`; the raw text when it does not parse. */
export function formatTime(iso: string | undefined): string {
  if (!iso) {
    return "";
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * How long ago `iso` was, as people glance at it: `just now`, `42 s ago`, `3 m ago`, `5 h ago`,
 * `2 d ago`. A time a little ahead of the reader's clock (skew between hosts) reads `just now`;
 * the raw text when it does not parse.
 */
export function formatAgo(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) {
    return iso;
  }
  const seconds = Math.floor((now - then) / 1000);
  if (seconds < 10) {
    return "just now";
  }
  if (seconds < 60) {
    return `${seconds} s ago`;
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return `${minutes} m ago`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return `${hours} h ago`;
  }
  return `${Math.floor(hours / 24)} d ago`;
}

/** How long a run took: ms, s or min. */
export function formatTook(startedAt: string, endedAt: string): string {
  const ms = new Date(endedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) {
    return "";
  }
  if (ms < 1000) {
    return `${ms} ms`;
  }
  if (ms < 60_000) {
    return `${(ms / 1000).toFixed(1)} s`;
  }
  return `${(ms / 60_000).toFixed(1)} min`;
}
