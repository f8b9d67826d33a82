import { describe, expect, it } from "vitest";
import { isWebAddress } from "./webAddress";

describe("isWebAddress", () => {
  it("takes absolute http and https addresses", () => {
    expect(isWebAddress("https://huggingface.co/Qwen/Qwen3-8B")).toBe(true);
    expect(isWebAddress("HTTP://swiss.example.com:8080/")).toBe(true);
  });

  it("refuses script, data and other schemes however they are spelled", () => {
    expect(isWebAddress("javascript:alert(document.cookie)")).toBe(false);
    expect(isWebAddress(" JavaScript:alert(1)")).toBe(false);
    expect(isWebAddress("java\tscript:alert(1)")).toBe(false);
    expect(isWebAddress("data:text/html,<script>alert(1)</script>")).toBe(false);
    expect(isWebAddress("vbscript:msgbox(1)")).toBe(false);
    expect(isWebAddress("file:///etc/passwd")).toBe(false);
  });

  it("refuses relative, empty and missing addresses", () => {
    expect(isWebAddress("/api/session")).toBe(false);
    expect(isWebAddress("//evil.example.com")).toBe(false);
    expect(isWebAddress("")).toBe(false);
    expect(isWebAddress(undefined)).toBe(false);
  });
});
