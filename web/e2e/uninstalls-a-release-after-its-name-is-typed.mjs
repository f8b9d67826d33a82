// Uninstall sits behind typing the release's name and says first what it costs (the pod it stops,
// the GPUs it frees, the weights to load again); once done it confirms with a link to its run in
// the audit log, the release leaves Deployments without a reload, and the cluster holds nothing
// of it (the test checks).
import assert from "node:assert/strict";
import { act, axeScan, card, login, markDocument, assertNoReload, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;

await scenario("uninstalls a release after its name is typed", async ({ page, errors }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await markDocument(page);

  const uninstall = card(page, "Uninstall");
  const cost = uninstall.getByRole("list", { name: "What uninstalling costs" });
  await cost.getByText(/^Stops 1 pod(; they hold no GPUs, so none are freed| and frees the \d+ GPUs? they hold)\.$/).waitFor();
  await cost.getByText(/^Deploying it again loads the weights of .+ from cold/).waitFor();
  const confirm = uninstall.getByLabel(`Type ${release} to confirm`);
  const button = uninstall.getByRole("button", { name: "Uninstall" });
  assert.equal(await button.isDisabled(), true, "nothing typed: uninstall is disabled");
  await confirm.fill(`${release}x`);
  assert.equal(await button.isDisabled(), true, "a different name: uninstall is disabled");
  await confirm.fill(release);
  assert.equal(await button.isDisabled(), false, "the name typed: uninstall is enabled");
  await screenshot(page, "uninstall-confirmed");
  await axeScan(page, "deployment detail (uninstall)");

  // The release page keeps asking whether a plan is left, and after the uninstall none is: 404.
  errors.expect(404, "/plan");
  await button.click();
  const done = card(page, "Uninstalled");
  await done.getByRole("status").filter({ hasText: `${release} was uninstalled.` }).waitFor();
  const run = done.getByRole("link", { name: /^Run \d+ in the audit log$/ });
  await run.waitFor();
  await screenshot(page, "uninstall-confirmation");
  await axeScan(page, "deployment detail (uninstalled)");
  await run.click();
  await page.getByRole("row").filter({ hasText: "uninstall" }).filter({ hasText: release }).first().waitFor();
  await page.getByRole("link", { name: "Deployments" }).click();
  await pageHeading(page, "Deployments");
  await rowOf(page, release).waitFor({ state: "detached" });
  await assertNoReload(page);
  assert.equal(await act("release-is-gone", release), "gone");
  await screenshot(page, "uninstall-done");
});
