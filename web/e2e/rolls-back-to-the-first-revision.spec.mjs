// A rollback from the release's history: the archived plan of revision 1 comes back read-only,
// "What comes back" names the version, and the roll back is a new revision running it again.
import { card, expect, pageHeading, rowOf, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const back = process.env.BACK_TO_VERSION;
const live = process.env.LIVE_VERSION;

test("rolls back to the first revision", async ({ page, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await page.getByRole("link", { name: "History & rollback" }).click();
  await pageHeading(page, `History of ${release}`);
  await saveScreenshot(page, "rollback-history");
  await axeScan(page, "runs (one release's history)");

  await page.getByRole("link", { name: "Roll back to revision 1" }).first().click();
  await pageHeading(page, `Roll back ${release} to revision 1`);
  const comesBack = card(page, "What comes back");
  await expect(comesBack.getByText(`${live} → ${back}`)).toBeVisible();
  await expect(page.getByLabel("Service ID"), "a rollback's form is read-only").toBeDisabled();

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await expect(card(page, "Diff").getByText("Against live revision 2")).toBeVisible();
  await steps.getByRole("button", { name: "Roll back", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 3` })).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(page, "rollback-applied");
  expect(await act("live-version", `${release} 3`)).toBe(back);

  await page.getByRole("link", { name: "Deployments" }).click();
  await expect(rowOf(page, release).getByText(`v${back}`)).toBeVisible();
});
