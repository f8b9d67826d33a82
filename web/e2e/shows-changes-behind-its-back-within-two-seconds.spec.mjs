// Changes made by someone else reach the open pages by themselves: a pod deleted in the cluster
// shows on the release's page, and a release installed by the swiss CLI in a terminal shows
// in Deployments, each within 2 seconds of the change (measured from the moment the test made it).
import { assertNoReload, expect, figure, markDocument, pageHeading, rowOf, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const installed = process.env.SECOND_RELEASE;
const LIMIT_MS = 2000;

test("shows changes made behind its back within two seconds", async ({ page, act, login, saveScreenshot }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await markDocument(page);
  const pods = page.getByRole("table", { name: "Pods" });
  await expect(page.getByText("1 / 1 ready")).toBeVisible({ timeout: 60_000 });
  const before = (await pods.locator("tbody tr").first().locator("td").first().innerText()).split("\n")[0].trim();

  const deletedAt = Number(await act("delete-pod", before));
  await expect(pods.locator("tbody tr").filter({ hasNotText: before }).first()).toBeVisible();
  figure("a deleted pod's replacement on the release page", Date.now() - deletedAt, LIMIT_MS);
  await saveScreenshot(page, "behind-the-back-pod-replaced");

  await page.getByRole("link", { name: "Deployments" }).click();
  await pageHeading(page, "Deployments");
  await expect(rowOf(page, release)).toBeVisible();
  const installedAt = Number(await act("install", installed));
  await expect(rowOf(page, installed)).toBeVisible();
  figure("a release installed by the CLI in Deployments", Date.now() - installedAt, LIMIT_MS);
  await assertNoReload(page);
  await saveScreenshot(page, "behind-the-back-release-installed");
});
