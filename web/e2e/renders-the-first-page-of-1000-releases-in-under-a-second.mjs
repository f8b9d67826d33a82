// Deployments over a thousand releases: the first page of rows is on screen within a second of
// navigating there (the session already signed in, the bundle cached as a browser has it).
import assert from "node:assert/strict";
import { axeScan, env, figure, login, scenario, screenshot, timed } from "./lib.mjs";

const releases = Number(process.env.RELEASES);

await scenario(`renders the first page of ${releases} releases in under a second`, async ({ page }) => {
  await login(page);
  const firstRow = page.locator("tbody tr").first();
  const ms = await timed(async () => {
    await page.goto(`${env.url}/`, { waitUntil: "commit" });
    await firstRow.waitFor({ state: "visible" });
  });
  figure(`first page of Deployments over ${releases} releases`, ms, 1000);
  const total = page.getByRole("region", { name: "Releases", exact: true });
  assert.match(await total.innerText(), new RegExp(`\\b${releases}\\b`), "the summary counts every release");
  await page.getByRole("navigation", { name: "Pages" }).waitFor();
  await screenshot(page, "deployments-1000-releases");
  await axeScan(page, "deployments (1,000 releases)");
});
