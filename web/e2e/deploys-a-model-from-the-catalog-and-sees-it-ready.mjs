// The whole first deploy as an operator makes it: Deployments → catalog → a variant → the form,
// then Plan, Diff and Install (each step gated on the one before, a form change discarding the
// plan), and the release shows deployed in Deployments and its pod ready on its page, the pages
// updating by themselves (the document is never reloaded).
import assert from "node:assert/strict";
import { assertNoReload, axeScan, card, env, login, markDocument, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const model = process.env.MODEL;
const modelTitle = process.env.MODEL_TITLE;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;

await scenario("deploys a model from the catalog through Plan, Diff and Install and sees it ready", async ({ page }) => {
  await login(page);
  await pageHeading(page, "Deployments");
  await markDocument(page);

  await page.getByRole("link", { name: "Deploy a model" }).click();
  await pageHeading(page, "Catalog");
  const entry = page.getByRole("article", { name: modelTitle });
  await entry.getByRole("button", { name: "Deploy" }).click();
  const dialog = page.getByRole("dialog", { name: `Choose a variant of ${modelTitle}` });
  await screenshot(page, "deploy-variant-dialog");
  await dialog.getByRole("link", { name: `Deploy ${variant}` }).click();
  await pageHeading(page, `Deploy ${model}`);

  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  const steps = page.getByRole("list", { name: "Deploy steps" });
  const plan = steps.getByRole("button", { name: "Plan", exact: true });
  const diff = steps.getByRole("button", { name: "Diff", exact: true });
  // The third step is Apply until a diff has seen that the release does not exist yet.
  const install = steps.getByRole("listitem").nth(2).getByRole("button");
  assert.equal(await diff.isDisabled(), true, "no diff without a plan");
  assert.equal(await install.isDisabled(), true, "no install without a plan");

  await plan.click();
  await card(page, "Plan").waitFor();
  await page.getByLabel("Service ID").fill(`${release}-2`);
  await card(page, "Plan").waitFor({ state: "detached" });
  assert.equal(await diff.isDisabled(), true, "a form change discards the plan, and the diff with it");
  await page.getByLabel("Service ID").fill(release);
  await plan.click();
  await card(page, "Plan").getByText(`${env.namespace}/${release}`).waitFor();
  assert.equal(await install.isDisabled(), true, "no install without a diff");

  await diff.click();
  await card(page, "Diff").getByText("The release does not exist yet").waitFor();
  assert.equal((await install.innerText()).trim(), "Install", "a release that does not exist is installed");
  await axeScan(page, "deploy (planned and diffed)");
  await install.click();
  await page.getByRole("status").filter({ hasText: `${release} submitted at revision 1` }).waitFor({ timeout: 60_000 });
  await screenshot(page, "deploy-installed");

  await page.getByRole("link", { name: "Deployments" }).click();
  await pageHeading(page, "Deployments");
  await rowOf(page, release).getByText("deployed", { exact: true }).waitFor();
  await screenshot(page, "deploy-in-deployments");
  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await page.getByText(/^(\d+) \/ \1 ready$/).waitFor({ timeout: 60_000 });
  await assertNoReload(page);
  await screenshot(page, "deploy-ready");
});
