// The deploy form names the release its Service ID would write over (namespace and revision) and
// offers that release's Upgrade page instead; a free name draws no warning.
import assert from "node:assert/strict";
import { axeScan, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

const model = process.env.MODEL;
const release = process.env.RELEASE;

await scenario("warns that the service id names a release", async ({ page }) => {
  await login(page);
  await page.goto(`${env.url}/deploy/${model}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Namespace").fill(env.namespace);
  await page.getByLabel("Service ID").fill(`${release}-free`);
  const notice = page.getByRole("status", { name: "Existing release" });
  await page.waitForTimeout(1000);
  assert.equal(await notice.count(), 0, "a name no release has draws no warning");

  await page.getByLabel("Service ID").fill(release);
  await notice.getByText(`${env.namespace}/${release} already exists at revision 1`).waitFor();
  await screenshot(page, "deploy-existing-release-warning");
  await axeScan(page, "deploy (existing release)");
  await notice.getByRole("link", { name: `Upgrade ${env.namespace}/${release} instead` }).click();
  await pageHeading(page, `Upgrade ${release}`);
});
