import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, onUnauthorized, request, withQuery } from "./http";

function answer(status: number, body: string) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(body, { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe("request", () => {
  it("throws the server's error message with its status", async () => {
    answer(409, JSON.stringify({ error: "release demo is being applied by swiss CLI" }));
    await expect(request("POST", "/api/apply", {})).rejects.toEqual(new ApiError("release demo is being applied by swiss CLI", 409));
  });

  it("keeps the reason the server names, so a client acts on it without reading the words", async () => {
    answer(409, JSON.stringify({ error: "apply of models/demo needs an approved request", reason: "approvalRequired" }));
    await expect(request("POST", "/api/apply", {})).rejects.toMatchObject({ status: 409, reason: "approvalRequired" });
  });

  it("falls back to the status line when the error body is not the server's JSON", async () => {
    answer(502, "<html>bad gateway</html>");
    await expect(request("GET", "/api/deployments")).rejects.toMatchObject({ status: 502, message: "502" });
  });

  it("tells the session gate about every 401", async () => {
    answer(401, JSON.stringify({ error: "log in first" }));
    const heard = vi.fn();
    const stop = onUnauthorized(heard);
    await expect(request("GET", "/api/runs")).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(heard).toHaveBeenCalledOnce();
  });

  it("names the server when the network fails", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(request("GET", "/api/session")).rejects.toMatchObject({ status: 0, message: expect.stringContaining("did not answer") });
  });
});

describe("withQuery", () => {
  it("keeps only the parameters that are set", () => {
    expect(withQuery("/api/runs", { namespace: "models", release: "", limit: 50, action: undefined })).toBe("/api/runs?namespace=models&limit=50");
  });
});
