// A model whose name has dots (granite-3.3-8b), deployed from the form as it opens: the Service ID
// left as the model's name, no release named. The plan names the release with dashes for the
// dots, and the install goes through: the API server is never sent a Service it would refuse.
import { card, env, expect, pageHeading, test } from "./fixtures.mjs";

const model = process.env.MODEL;
const modelTitle = process.env.MODEL_TITLE;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;

test("installs a model with dots in its name under its default release name", async ({ page, login }) => {
  await login(page);
  await pageHeading(page, "Deployments");
  await page.getByRole("link", { name: "Deploy a model" }).click();
  await pageHeading(page, "Catalog");
  await page.getByRole("article", { name: modelTitle }).getByRole("button", { name: "Deploy" }).click();
  await page.getByRole("dialog", { name: `Choose a variant of ${modelTitle}` }).getByRole("link", { name: `Deploy ${variant}`, exact: true }).click();
  await pageHeading(page, `Deploy ${model}`);

  await page.getByLabel("Namespace").fill(env.namespace);
  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(card(page, "Plan").getByText(`${env.namespace}/${release}`)).toBeVisible();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await expect(card(page, "Diff").getByText("The release does not exist yet")).toBeVisible();
  await steps.getByRole("listitem").nth(2).getByRole("button").click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 1` })).toBeVisible({ timeout: 60_000 });
});
