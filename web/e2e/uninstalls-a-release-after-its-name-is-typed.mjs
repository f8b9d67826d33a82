// Uninstall sits behind typing the release's name; once done the release leaves Deployments
// without a reload, and the cluster holds nothing of it (the test checks).
import assert from "node:assert/strict";
import { act, axeScan, card, login, markDocument, assertNoReload, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;

await scenario("uninstalls a release after its name is typed", async ({ page }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await markDocument(page);

  const uninstall = card(page, "Uninstall");
  const confirm = uninstall.getByLabel(`Type ${release} to confirm`);
  const button = uninstall.getByRole("button", { name: "Uninstall" });
  assert.equal(await button.isDisabled(), true, "nothing typed: uninstall is disabled");
  await confirm.fill(`${release}x`);
  assert.equal(await button.isDisabled(), true, "a different name: uninstall is disabled");
  await confirm.fill(release);
  assert.equal(await button.isDisabled(), false, "the name typed: uninstall is enabled");
  await screenshot(page, "uninstall-confirmed");
  await axeScan(page, "deployment detail (uninstall)");

  await button.click();
  await page.waitForURL((url) => url.pathname === "/");
  await pageHeading(page, "Deployments");
  await rowOf(page, release).waitFor({ state: "detached" });
  await assertNoReload(page);
  assert.equal(await act("release-is-gone", release), "gone");
  await screenshot(page, "uninstall-done");
});
