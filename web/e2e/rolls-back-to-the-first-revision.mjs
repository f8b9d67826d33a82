// A rollback from the release's history: the archived plan of revision 1 comes back read-only,
// "What comes back" names the version, and the roll back is a new revision running it again.
import assert from "node:assert/strict";
import { act, axeScan, card, login, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;
const back = process.env.BACK_TO_VERSION;
const live = process.env.LIVE_VERSION;

await scenario("rolls back to the first revision", async ({ page }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await page.getByRole("link", { name: "History & rollback" }).click();
  await pageHeading(page, `History of ${release}`);
  await screenshot(page, "rollback-history");
  await axeScan(page, "runs (one release's history)");

  await page.getByRole("link", { name: "Roll back to revision 1" }).first().click();
  await pageHeading(page, `Roll back ${release} to revision 1`);
  const comesBack = card(page, "What comes back");
  await comesBack.getByText(`${live} → ${back}`).waitFor();
  assert.equal(await page.getByLabel("Service ID").isDisabled(), true, "a rollback's form is read-only");

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await card(page, "Diff").getByText("Against live revision 2").waitFor();
  await steps.getByRole("button", { name: "Roll back", exact: true }).click();
  await page.getByRole("status").filter({ hasText: `${release} submitted at revision 3` }).waitFor({ timeout: 60_000 });
  await screenshot(page, "rollback-applied");
  assert.equal(await act("live-version", `${release} 3`), back);

  await page.getByRole("link", { name: "Deployments" }).click();
  await rowOf(page, release).getByText(`v${back}`).waitFor();
});
