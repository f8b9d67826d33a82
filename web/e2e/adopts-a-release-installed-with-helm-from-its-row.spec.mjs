// A release installed by hand with helm shows as untracked; its row's Adopt leads through the
// catalog (pick the model it runs) to a deploy form that names it, which says how adopting works.
// Once Diff finds nothing to change, the last step is Adopt: the plan is kept beside the release
// and nothing in it changes (Java checks the helm revision and the run).
import { env, expect, pageHeading, rowOf, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const model = process.env.MODEL;
const variant = process.env.VARIANT;

test("adopts a release installed with helm from its row", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.getByRole("searchbox", { name: /Search releases/ }).fill(release);
  const row = rowOf(page, release);
  await expect(row.getByText("untracked")).toBeVisible();
  await row.getByRole("link", { name: `Adopt ${release}` }).click();

  await expect(page.getByRole("status", { name: "Adopting" }).getByText(`${env.namespace}/${release}`)).toBeVisible();
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: /SmolLM3/ }) });
  await card.getByRole("button", { name: "Deploy" }).click();
  await page.getByRole("dialog").getByRole("link", { name: `Deploy ${variant}` }).click();

  await pageHeading(page, `Deploy ${model}`);
  await expect(page.getByLabel("Service ID"), "the form names the release to adopt").toHaveValue(release);
  await expect(page.getByLabel("Namespace")).toHaveValue(env.namespace);
  await expect(page.getByRole("status", { name: "Existing release" }).getByText("is a helm release swiss did not deploy")).toBeVisible();
  await axeScan(page, "deploy (adopting)");

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await expect(page.getByText("Against live revision 1")).toBeVisible();
  await steps.getByRole("button", { name: "Adopt", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${release} adopted at revision 1` })).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(page, "deploy-adopted");
});
