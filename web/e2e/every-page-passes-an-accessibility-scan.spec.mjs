// Every page of the UI, each with what it shows loaded, scanned by axe-core in the light and in
// the dark colour scheme: no serious or critical violation anywhere, and no console error on the
// way.
import { env, expect, pageHeading, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const model = process.env.MODEL;
const variant = process.env.VARIANT;
const ns = encodeURIComponent(env.namespace);

// Each page, its heading, and what shows it has its data.
const PAGES = [
  ["deployments", "/", "Deployments", (page) => page.getByRole("link", { name: release, exact: true })],
  ["detail", `/deployments/${ns}/${release}`, release, (page) => page.getByRole("table", { name: "Pods" })],
  ["catalog", "/catalog", "Catalog", (page) => page.getByRole("article").first()],
  ["model", `/catalog/${model}`, /./, (page) => page.getByRole("heading", { name: "Variants" })],
  ["deploy", `/deploy/${model}?variant=${variant}`, `Deploy ${model}`, (page) => page.getByLabel("Service ID")],
  ["upgrade", `/upgrade/${ns}/${release}`, `Upgrade ${release}`, (page) => page.getByLabel("Model version")],
  ["runs", "/runs", "Operations", (page) => page.getByRole("table").first()],
  ["approvals", "/approvals", "Approvals", (page) => page.getByRole("heading", { level: 2, name: "Pending" })],
  ["nodes", "/nodes", "Nodes", (page) => page.getByRole("table", { name: "Nodes" })],
  ["site-profile", "/site-profile", "Site profile", (page) => page.getByText("Placement").first()],
  ["not-found", "/no-such-page", "Page not found", (page) => page.getByRole("navigation", { name: "Where to go instead" })],
];

/** The page's own background colour, to prove the scheme took effect rather than trusting it. */
const bodyBackground = (page) => page.evaluate(() => globalThis.getComputedStyle(globalThis.document.body).backgroundColor);

test("every page passes an accessibility scan", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  const backgrounds = {};
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, path, heading, loaded] of PAGES) {
      await page.goto(`${env.url}${path}`);
      await pageHeading(page, heading);
      await expect(loaded(page)).toBeVisible();
      await axeScan(page, `${name} (${scheme})`);
      await saveScreenshot(page, scheme === "light" ? `page-${name}` : `page-${name}-dark`);
    }
    backgrounds[scheme] = await bodyBackground(page);
  }
  expect(backgrounds.dark, "the dark scheme changes the page's background").not.toBe(backgrounds.light);
});
