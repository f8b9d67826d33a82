// An address that names nothing gets a page that says so, with no action on the missing thing: an
// unknown route, a release that does not exist (not an "untracked" release with History and
// Upgrade), and a model the catalog lacks.
import assert from "node:assert/strict";
import { axeScan, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

const ns = encodeURIComponent(env.namespace);

await scenario("shows not-found pages for a route, a release and a model", async ({ page, errors }) => {
  await login(page);

  await page.goto(`${env.url}/no/such/page`);
  await pageHeading(page, "Page not found");
  await page.getByRole("navigation", { name: "Where to go instead" }).getByRole("link", { name: "Deployments" }).waitFor();
  await screenshot(page, "not-found-route");

  // The release page's plan request answers 404 for a release with no plan: that is the point.
  errors.expect(404, "/plan");
  await page.goto(`${env.url}/deployments/${ns}/does-not-exist`);
  await pageHeading(page, "Release not found");
  await page.getByText(`There is no release does-not-exist in namespace ${env.namespace}`).waitFor();
  assert.equal(await page.getByRole("link", { name: /History|Upgrade|Tune/ }).count(), 0, "nothing to do on a missing release");
  assert.equal(await page.getByText("untracked").count(), 0);
  await axeScan(page, "release not found");
  await screenshot(page, "not-found-release");

  errors.expect(404, "/api/catalog/no-such-model");
  await page.goto(`${env.url}/catalog/no-such-model`);
  await pageHeading(page, "Model not found");
  await page.getByText("has no model no-such-model").waitFor();
  assert.equal(await page.getByRole("main").getByRole("link", { name: /^Deploy\b(?!ments)/ }).count(), 0, "nothing to deploy");
  await screenshot(page, "not-found-model");
});
