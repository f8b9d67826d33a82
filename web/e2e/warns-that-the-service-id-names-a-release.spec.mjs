// The deploy form names the release its Service ID would write over (namespace and revision) and
// offers that release's Upgrade page instead; a free name draws no warning.
import { env, expect, pageHeading, test } from "./fixtures.mjs";

const model = process.env.MODEL;
const release = process.env.RELEASE;

test("warns that the service id names a release", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/deploy/${model}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Namespace").fill(env.namespace);
  await page.getByLabel("Service ID").fill(`${release}-free`);
  const notice = page.getByRole("status", { name: "Existing release" });
  await page.waitForTimeout(1000);
  await expect(notice, "a name no release has draws no warning").toHaveCount(0);

  await page.getByLabel("Service ID").fill(release);
  await expect(notice.getByText(`${env.namespace}/${release} already exists at revision 1`)).toBeVisible();
  await saveScreenshot(page, "deploy-existing-release-warning");
  await axeScan(page, "deploy (existing release)");
  await notice.getByRole("link", { name: `Upgrade ${env.namespace}/${release} instead` }).click();
  await pageHeading(page, `Upgrade ${release}`);
});
