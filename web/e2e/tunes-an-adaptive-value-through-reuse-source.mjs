// Tuning a live service: the adaptive-concurrency switch is offered, set, planned from the
// deployed plan (reuseSource: no catalog read), diffed and applied as a new revision, and the
// stored plan's form layer carries it (the test reads it).
import assert from "node:assert/strict";
import { act, axeScan, card, login, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;
const path = "modelRoute.nginx.values.adaptive_cc";

await scenario("tunes an adaptive value through reuseSource", async ({ page }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: `Tune ${release}` }).click();
  await pageHeading(page, `Tune ${release}`);
  assert.equal(await page.getByLabel("Path 1").inputValue(), path, "the adaptive switch is offered first");
  await page.getByLabel("Value 1").fill("true");

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await card(page, "Plan").waitFor();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  // The example charts do not render route values into a manifest, so the diff may read "no
  // changes"; what must hold is that it ran against the live revision the apply then asserts.
  await card(page, "Diff").getByText("Against live revision 1").waitFor();
  await screenshot(page, "tune-diffed");
  await axeScan(page, "tune");
  await steps.getByRole("button", { name: "Apply", exact: true }).click();
  await page.getByRole("status").filter({ hasText: `${release} submitted at revision 2` }).waitFor({ timeout: 60_000 });
  assert.equal(await act("stored-form-value", `${release} 2 ${path}`), "true");
  await screenshot(page, "tune-applied");
});
