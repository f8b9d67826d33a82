// The whole first deploy as an operator makes it: Deployments → catalog → a variant → the form,
// then Plan, Diff and Install (each step gated on the one before, a form change discarding the
// plan), and the release shows deployed in Deployments and its pod ready on its page, the pages
// updating by themselves (the document is never reloaded).
import { assertNoReload, card, env, expect, markDocument, pageHeading, rowOf, test } from "./fixtures.mjs";

const model = process.env.MODEL;
const modelTitle = process.env.MODEL_TITLE;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;

test("deploys a model from the catalog through Plan, Diff and Install and sees it ready", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await pageHeading(page, "Deployments");
  await markDocument(page);

  await page.getByRole("link", { name: "Deploy a model" }).click();
  await pageHeading(page, "Catalog");
  const entry = page.getByRole("article", { name: modelTitle });
  await entry.getByRole("button", { name: "Deploy" }).click();
  const dialog = page.getByRole("dialog", { name: `Choose a variant of ${modelTitle}` });
  await saveScreenshot(page, "deploy-variant-dialog");
  await dialog.getByRole("link", { name: `Deploy ${variant}` }).click();
  await pageHeading(page, `Deploy ${model}`);

  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  const steps = page.getByRole("list", { name: "Deploy steps" });
  const plan = steps.getByRole("button", { name: "Plan", exact: true });
  const diff = steps.getByRole("button", { name: "Diff", exact: true });
  // The third step is Apply until a diff has seen that the release does not exist yet.
  const install = steps.getByRole("listitem").nth(2).getByRole("button");
  await expect(diff, "no diff without a plan").toBeDisabled();
  await expect(install, "no install without a plan").toBeDisabled();

  await plan.click();
  await expect(card(page, "Plan")).toBeVisible();
  await page.getByLabel("Service ID").fill(`${release}-2`);
  await expect(card(page, "Plan")).not.toBeAttached();
  await expect(diff, "a form change discards the plan, and the diff with it").toBeDisabled();
  await page.getByLabel("Service ID").fill(release);
  await plan.click();
  await expect(card(page, "Plan").getByText(`${env.namespace}/${release}`)).toBeVisible();
  await expect(install, "no install without a diff").toBeDisabled();

  await diff.click();
  await expect(card(page, "Diff").getByText("The release does not exist yet")).toBeVisible();
  await expect(install, "a release that does not exist is installed").toHaveText("Install", { useInnerText: true });
  await axeScan(page, "deploy (planned and diffed)");
  await install.click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 1` })).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(page, "deploy-installed");

  await page.getByRole("link", { name: "Deployments" }).click();
  await pageHeading(page, "Deployments");
  await expect(rowOf(page, release).getByText("deployed", { exact: true })).toBeVisible();
  await saveScreenshot(page, "deploy-in-deployments");
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await expect(page.getByText(/^(\d+) \/ \1 ready$/)).toBeVisible({ timeout: 60_000 });
  await assertNoReload(page);
  await saveScreenshot(page, "deploy-ready");
});
