import { describe, expect, it } from "vitest";
import { siteChoices } from "./siteChoices";

describe("siteChoices", () => {
  it("offers the sites with a web address, named or by their address", () => {
    expect(siteChoices([{ name: "eu", url: "https://swiss.eu.example.com/" }, { name: "", url: "http://10.0.0.7:8080" }])).toEqual([
      { name: "eu", url: "https://swiss.eu.example.com/" },
      { name: "http://10.0.0.7:8080", url: "http://10.0.0.7:8080" },
    ]);
  });

  it("never offers a site whose address would run script or is missing", () => {
    expect(siteChoices([{ name: "evil", url: "javascript:fetch('/api/profile')" }, { name: "data", url: "data:text/html,hi" }, { name: "none" }])).toEqual([]);
  });
});
