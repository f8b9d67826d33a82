import { describe, expect, it } from "vitest";
import { lineOf, problemLine } from "./problem";

describe("profile problems", () => {
  it("finds the line the server names", () => {
    expect(problemLine('the profile: route.nginxPort (line 12): expected an integer, got the string "x"')).toBe(12);
    expect(problemLine("the profile: line 3: mapping values are not allowed here")).toBe(3);
    expect(problemLine("the profile: name is required")).toBeNull();
  });

  it("quotes that line of the user's text", () => {
    expect(lineOf("name: a\nroute:\n  nginxPort: x", 3)).toBe("  nginxPort: x");
    expect(lineOf("name: a", 4)).toBeNull();
  });
});
