// Rolling back a replica change: before the review, "What comes back" lists the form layer's
// replicaCount 2 → 1 (not only the catalog identity, which did not move), then Diff and Roll back
// make revision 3 with one replica again.
import assert from "node:assert/strict";
import { act, axeScan, card, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;

await scenario("summarises what a rollback brings back", async ({ page }) => {
  await login(page);
  await page.goto(`${env.url}/upgrade/${env.namespace}/${release}?rollback=1`);
  await pageHeading(page, `Roll back ${release} to revision 1`);
  const comesBack = card(page, "What comes back");
  const form = comesBack.getByRole("listitem", { name: "form layer" });
  await form.getByText("replicaCount 2 → 1", { exact: true }).waitFor();
  assert.equal(await comesBack.getByRole("listitem", { name: "catalog layer" }).count(), 0, "the catalog layer did not move");
  await screenshot(page, "rollback-what-comes-back");
  await axeScan(page, "rollback summary");

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  const diff = card(page, "Diff");
  await diff.getByText("Against live revision 2").waitFor();
  await diff.getByRole("list", { name: "Value changes" }).getByText("replicaCount 2 → 1", { exact: true }).waitFor();
  await diff.getByRole("region", { name: "Diff output" }).locator('[data-kind="add"]').first().waitFor();
  await screenshot(page, "rollback-diff-coloured");
  await steps.getByRole("button", { name: "Roll back", exact: true }).click();
  await page.getByRole("status").filter({ hasText: `${release} submitted at revision 3` }).waitFor({ timeout: 60_000 });
  assert.equal(await act("replicas", `${release} 3`), "1");
});
