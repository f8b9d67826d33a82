// An address that names nothing gets a page that says so, with no action on the missing thing: an
// unknown route, a release that does not exist (not an "untracked" release with History and
// Upgrade), and a model the catalog lacks.
import { env, expect, pageHeading, test } from "./fixtures.mjs";

const ns = encodeURIComponent(env.namespace);

test("shows not-found pages for a route, a release and a model", async ({ page, errors, axeScan, login, saveScreenshot }) => {
  await login(page);

  await page.goto(`${env.url}/no/such/page`);
  await pageHeading(page, "Page not found");
  await expect(page.getByRole("navigation", { name: "Where to go instead" }).getByRole("link", { name: "Deployments" })).toBeVisible();
  await saveScreenshot(page, "not-found-route");

  // The release page's plan request answers 404 for a release with no plan: that is the point.
  errors.expect(404, "/plan");
  await page.goto(`${env.url}/deployments/${ns}/does-not-exist`);
  await pageHeading(page, "Release not found");
  await expect(page.getByText(`There is no release does-not-exist in namespace ${env.namespace}`)).toBeVisible();
  await expect(page.getByRole("link", { name: /History|Upgrade|Tune/ }), "nothing to do on a missing release").toHaveCount(0);
  await expect(page.getByText("untracked")).toHaveCount(0);
  await axeScan(page, "release not found");
  await saveScreenshot(page, "not-found-release");

  errors.expect(404, "/api/catalog/no-such-model");
  await page.goto(`${env.url}/catalog/no-such-model`);
  await pageHeading(page, "Model not found");
  await expect(page.getByText("has no model no-such-model")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /^Deploy\b(?!ments)/ }), "nothing to deploy").toHaveCount(0);
  await saveScreenshot(page, "not-found-model");
});
