// The one way the UI talks to swiss serve: same-origin fetches carrying the session cookie, JSON
// in and out, and the server's own error text on failure. No client-side caching beyond TanStack
// Query: the server is the source of truth.
import { underBase } from "../lib/basePath";

/**
 * A non-2xx answer: the server's message (its `{"error": ...}` body), the status code, and the
 * `reason` the server names when a client can act on it (`approvalRequired`); empty when none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly reason: string;

  constructor(message: string, status: number, reason = "") {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.reason = reason;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on every 401, so the session gate can send the user back to the login page. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const NETWORK_FAILURE = "swiss serve did not answer: check that it is running and reachable";

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(underBase(path), {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_FAILURE, 0);
  }
  if (response.status === 401) {
    unauthorizedListeners.forEach((listener) => listener());
  }
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(errorMessage(text, response), response.status, errorReason(text));
  }
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

function errorMessage(text: string, response: Response): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === "string" && parsed.error !== "") {
      return parsed.error;
    }
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the status line.
  }
  return `${response.status} ${response.statusText}`.trim();
}

/** The answer's `reason`, which names what kind of refusal it is without reading its words. */
function errorReason(text: string): string {
  try {
    const parsed = JSON.parse(text) as { reason?: unknown };
    return typeof parsed.reason === "string" ? parsed.reason : "";
  } catch {
    return "";
  }
}

export const get = <T>(path: string) => request<T>("GET", path);
export const post = <T>(path: string, body: unknown = {}) => request<T>("POST", path, body);
export const put = <T>(path: string, body: unknown) => request<T>("PUT", path, body);
export const del = <T>(path: string) => request<T>("DELETE", path);

/** Builds `path?k=v&...` from the defined, non-empty parameters only. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") {
      query.set(key, String(value));
    }
  }
  const text = query.toString();
  return text === "" ? path : `${path}?${text}`;
}

/** One path segment, escaped: release and model names are user input. */
export const segment = (value: string) => encodeURIComponent(value);
