// Rolling back a replica change: before the review, "What comes back" lists the form layer's
// replicaCount 2 → 1 (not only the catalog identity, which did not move), then Diff and Roll back
// make revision 3 with one replica again.
import { card, env, expect, pageHeading, test } from "./fixtures.mjs";

const release = process.env.RELEASE;

test("summarises what a rollback brings back", async ({ page, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/upgrade/${env.namespace}/${release}?rollback=1`);
  await pageHeading(page, `Roll back ${release} to revision 1`);
  const comesBack = card(page, "What comes back");
  const form = comesBack.getByRole("listitem", { name: "form layer" });
  await expect(form.getByText("replicaCount 2 → 1", { exact: true })).toBeVisible();
  await expect(comesBack.getByRole("listitem", { name: "catalog layer" }), "the catalog layer did not move").toHaveCount(0);
  await saveScreenshot(page, "rollback-what-comes-back");
  await axeScan(page, "rollback summary");

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  const diff = card(page, "Diff");
  await expect(diff.getByText("Against live revision 2")).toBeVisible();
  await expect(diff.getByRole("list", { name: "Value changes" }).getByText("replicaCount 2 → 1", { exact: true })).toBeVisible();
  await expect(diff.getByRole("region", { name: "Diff output" }).locator('[data-kind="add"]').first()).toBeVisible();
  await saveScreenshot(page, "rollback-diff-coloured");
  await steps.getByRole("button", { name: "Roll back", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 3` })).toBeVisible({ timeout: 60_000 });
  expect(await act("replicas", `${release} 3`)).toBe("1");
});
