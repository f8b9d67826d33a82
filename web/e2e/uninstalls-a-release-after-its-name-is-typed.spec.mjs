// Uninstall sits behind typing the release's name and says first what it costs (the pod it stops,
// the GPUs it frees, the weights to load again); once done it confirms with a link to its run in
// the audit log, the release leaves Deployments without a reload, and the cluster holds nothing
// of it (the test checks).
import { assertNoReload, card, expect, markDocument, pageHeading, rowOf, test } from "./fixtures.mjs";

const release = process.env.RELEASE;

test("uninstalls a release after its name is typed", async ({ page, errors, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await markDocument(page);

  const uninstall = card(page, "Uninstall");
  const cost = uninstall.getByRole("list", { name: "What uninstalling costs" });
  await expect(cost.getByText(/^Stops 1 pod(; they hold no GPUs, so none are freed| and frees the \d+ GPUs? they hold)\.$/)).toBeVisible();
  await expect(cost.getByText(/^Deploying it again loads the weights of .+ from cold/)).toBeVisible();
  const confirm = uninstall.getByLabel(`Type ${release} to confirm`);
  const button = uninstall.getByRole("button", { name: "Uninstall" });
  await expect(button, "nothing typed: uninstall is disabled").toBeDisabled();
  await confirm.fill(`${release}x`);
  await expect(button, "a different name: uninstall is disabled").toBeDisabled();
  await confirm.fill(release);
  await expect(button, "the name typed: uninstall is enabled").toBeEnabled();
  await saveScreenshot(page, "uninstall-confirmed");
  await axeScan(page, "deployment detail (uninstall)");

  // The release page keeps asking whether a plan is left, and after the uninstall none is: 404.
  errors.expect(404, "/plan");
  await button.click();
  const done = card(page, "Uninstalled");
  await expect(done.getByRole("status").filter({ hasText: `${release} was uninstalled.` })).toBeVisible();
  const run = done.getByRole("link", { name: /^Run \d+ in the audit log$/ });
  await expect(run).toBeVisible();
  await saveScreenshot(page, "uninstall-confirmation");
  await axeScan(page, "deployment detail (uninstalled)");
  await run.click();
  await expect(page.getByRole("row").filter({ hasText: "uninstall" }).filter({ hasText: release }).first()).toBeVisible();
  await page.getByRole("link", { name: "Deployments" }).click();
  await pageHeading(page, "Deployments");
  await expect(rowOf(page, release)).not.toBeAttached();
  await assertNoReload(page);
  expect(await act("release-is-gone", release)).toBe("gone");
  await saveScreenshot(page, "uninstall-done");
});
