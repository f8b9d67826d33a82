// Deploying a model again under the Service ID of the release it already runs: the plan is the
// one deployed, the diff shows no change, and Apply stays disabled with the reason in plain text,
// so no helm revision is made for nothing (the test checks the release is still at revision 1).
import assert from "node:assert/strict";
import { act, axeScan, card, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

const model = process.env.MODEL;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;

async function planAndDiff(page, { exists }) {
  await page.goto(`${env.url}/deploy/${model}?variant=${variant}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  if (exists) {
    await page.getByRole("status", { name: "Existing release" }).waitFor();
  }
  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await card(page, "Plan").getByText(`${env.namespace}/${release}`).waitFor();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await card(page, "Diff").waitFor();
  return steps.getByRole("listitem").nth(2).getByRole("button");
}

await scenario("refuses to apply an empty diff", async ({ page }) => {
  await login(page);
  const install = await planAndDiff(page, { exists: false });
  await card(page, "Diff").getByText("The release does not exist yet").waitFor();
  await install.click();
  await page.getByRole("status").filter({ hasText: `${release} submitted at revision 1` }).waitFor({ timeout: 60_000 });

  const apply = await planAndDiff(page, { exists: true });
  const diff = card(page, "Diff");
  await diff.getByText("Against live revision 1").waitFor();
  await diff.getByText("no changes", { exact: true }).waitFor();
  await diff.getByText("No value differs from the deployed plan.").waitFor();
  assert.equal((await apply.innerText()).trim(), "Apply", "the release exists: the step is an apply");
  assert.equal(await apply.isDisabled(), true, "an empty diff leaves nothing to apply");
  await page.getByRole("status").filter({ hasText: "Apply is disabled. The last diff shows no change" }).waitFor();
  await screenshot(page, "deploy-empty-diff-apply-disabled");
  await axeScan(page, "deploy (empty diff)");
  await apply.click({ force: true });
  // Long enough for an apply the click might have sent to land.
  await page.waitForTimeout(1000);
  assert.equal(await act("revision", release), "1", "no new helm revision");
});
