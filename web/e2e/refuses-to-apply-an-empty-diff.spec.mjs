// Deploying a model again under the Service ID of the release it already runs: the plan is the
// one deployed, the diff shows no change, and Apply stays disabled with the reason in plain text,
// so no helm revision is made for nothing (the test checks the release is still at revision 1).
import { card, env, expect, pageHeading, test } from "./fixtures.mjs";

const model = process.env.MODEL;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;

async function planAndDiff(page, { exists }) {
  await page.goto(`${env.url}/deploy/${model}?variant=${variant}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  if (exists) {
    await expect(page.getByRole("status", { name: "Existing release" })).toBeVisible();
  }
  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(card(page, "Plan").getByText(`${env.namespace}/${release}`)).toBeVisible();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await expect(card(page, "Diff")).toBeVisible();
  return steps.getByRole("listitem").nth(2).getByRole("button");
}

test("refuses to apply an empty diff", async ({ page, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  const install = await planAndDiff(page, { exists: false });
  await expect(card(page, "Diff").getByText("The release does not exist yet")).toBeVisible();
  await install.click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 1` })).toBeVisible({ timeout: 60_000 });

  const apply = await planAndDiff(page, { exists: true });
  const diff = card(page, "Diff");
  await expect(diff.getByText("Against live revision 1")).toBeVisible();
  await expect(diff.getByText("no changes", { exact: true })).toBeVisible();
  await expect(diff.getByText("No value differs from the deployed plan.")).toBeVisible();
  await expect(apply, "the release exists: the step is an apply").toHaveText("Apply", { useInnerText: true });
  await expect(apply, "an empty diff leaves nothing to apply").toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Apply is disabled. The last diff shows no change" })).toBeVisible();
  await saveScreenshot(page, "deploy-empty-diff-apply-disabled");
  await axeScan(page, "deploy (empty diff)");
  await apply.click({ force: true });
  // Long enough for an apply the click might have sent to land.
  await page.waitForTimeout(1000);
  expect(await act("revision", release), "no new helm revision").toBe("1");
});
