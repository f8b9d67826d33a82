// An upgrade to the model's newer catalog version: identity fields are locked, "What moves"
// shows the version and the entry moving and the variant staying, and after the apply only the
// catalog layer of the stored plan differs from revision 1's (the test compares them).
import assert from "node:assert/strict";
import { act, axeScan, card, login, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;
const from = process.env.FROM_VERSION;
const to = process.env.TO_VERSION;

/** The value the "What moves" card gives `label`. */
async function moved(page, label) {
  const facts = card(page, "What moves");
  return (await facts.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").innerText()).trim();
}

await scenario("upgrades to a newer model version and only the catalog layer moves", async ({ page }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: `Upgrade ${release}`, exact: true }).click();
  await pageHeading(page, `Upgrade ${release}`);
  assert.equal(await page.getByLabel("Service ID").isDisabled(), true, "an upgrade keeps the service id");
  assert.equal(await page.getByLabel("Namespace").isDisabled(), true, "an upgrade keeps the namespace");

  await page.getByLabel("Model version").selectOption(to);
  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await card(page, "What moves").waitFor();
  assert.equal(await moved(page, "Model version"), `${from} → ${to}`);
  assert.equal(await moved(page, "Variant"), "unchanged");
  assert.notEqual(await moved(page, "Entry digest"), "unchanged", "a new version is a new catalog entry");
  await screenshot(page, "upgrade-what-moves");
  await axeScan(page, "upgrade");

  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await card(page, "Diff").getByText("Against live revision 1").waitFor();
  await steps.getByRole("button", { name: "Apply", exact: true }).click();
  await page.getByRole("status").filter({ hasText: `${release} submitted at revision 2` }).waitFor({ timeout: 60_000 });
  assert.equal(await act("layers-that-moved", `${release} 1 2`), "catalog");
  await screenshot(page, "upgrade-applied");
});
