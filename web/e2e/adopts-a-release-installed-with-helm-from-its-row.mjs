// A release installed by hand with helm shows as untracked; its row's Adopt leads through the
// catalog (pick the model it runs) to a deploy form that names it, which says how adopting works.
// Once Diff finds nothing to change, the last step is Adopt: the plan is kept beside the release
// and nothing in it changes (Java checks the helm revision and the run).
import assert from "node:assert/strict";
import { axeScan, env, login, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;
const model = process.env.MODEL;
const variant = process.env.VARIANT;

await scenario("adopts a release installed with helm from its row", async ({ page }) => {
  await login(page);
  await page.getByRole("searchbox", { name: /Search releases/ }).fill(release);
  const row = rowOf(page, release);
  await row.getByText("untracked").waitFor();
  await row.getByRole("link", { name: `Adopt ${release}` }).click();

  await page.getByRole("status", { name: "Adopting" }).getByText(`${env.namespace}/${release}`).waitFor();
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: /SmolLM3/ }) });
  await card.getByRole("button", { name: "Deploy" }).click();
  await page.getByRole("dialog").getByRole("link", { name: `Deploy ${variant}` }).click();

  await pageHeading(page, `Deploy ${model}`);
  assert.equal(await page.getByLabel("Service ID").inputValue(), release, "the form names the release to adopt");
  assert.equal(await page.getByLabel("Namespace").inputValue(), env.namespace);
  await page.getByRole("status", { name: "Existing release" }).getByText("is a helm release swiss did not deploy").waitFor();
  await axeScan(page, "deploy (adopting)");

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await page.getByText("Against live revision 1").waitFor();
  await steps.getByRole("button", { name: "Adopt", exact: true }).click();
  await page.getByRole("status").filter({ hasText: `${release} adopted at revision 1` }).waitFor({ timeout: 60_000 });
  await screenshot(page, "deploy-adopted");
});
